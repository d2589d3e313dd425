/**
 * An icon toggle with a tooltip, a loading state while its call runs, and data-active /
 * data-pending for tests: the favourite heart and the back-in-stock bell.
 */
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

export interface ToggleIconButtonProps {
  active: boolean;
  pending: boolean;
  label: string;
  onClick: () => void;
  testId: string;
  activeIcon: ReactNode;
  idleIcon: ReactNode;
  size?: 'small' | 'medium';
  color?: IconButtonProps['color'];
  sx?: SxProps<Theme>;
}

export function ToggleIconButton({ active, pending, label, onClick, testId, activeIcon, idleIcon, size = 'medium', color, sx }: ToggleIconButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size={size}
          {...(color ? { color } : {})}
          aria-label={label}
          disabled={pending}
          onClick={onClick}
          data-testid={testId}
          data-active={String(active)}
          data-pending={pending ? 'true' : undefined}
          {...(sx ? { sx } : {})}
        >
          {pending ? <CircularProgress size={size === 'small' ? 18 : 22} color="inherit" aria-hidden /> : active ? activeIcon : idleIcon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
