import { useDeferredValue, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useSetting } from '../api/get-setting.ts';
import { useLandingLocale } from '../hooks/use-landing-locale.ts';
import { LandingSection } from './landing-section.tsx';
import { useLandingT } from '../i18n.ts';

/** The spec's FAQ has 12 items; as many skeleton rows keep the layout steady while loading. */
const FAQ_SKELETON_ROWS = 12;

export function FaqSection() {
  const { t } = useLandingT();
  const lang = useLandingLocale();
  const faq = useSetting('faq', lang);
  // The questions render in the background (in slices), not in one long task when they arrive.
  const items = useDeferredValue(faq.data?.value);
  const [expanded, setExpanded] = useState<number | false>(false);

  let content;
  if (faq.isPending || (faq.isSuccess && !items)) {
    content = (
      <Stack spacing={1.5} aria-busy="true" aria-label={t('faq.loading')}>
        {Array.from({ length: FAQ_SKELETON_ROWS }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={60} sx={{ borderRadius: 3 }} />
        ))}
      </Stack>
    );
  } else if (faq.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void faq.refetch()}>
            {t('faq.retry')}
          </Button>
        }
      >
        {t('faq.error')}
      </Alert>
    );
  } else if (!items || items.length === 0) {
    content = <Typography sx={{ textAlign: 'center', color: 'text.secondary' }}>{t('faq.empty')}</Typography>;
  } else {
    content = (
      <Box>
        {items.map((item, index) => {
          const id = `landing-faq-item-${index}`;
          return (
            <Accordion
              key={`${lang}-${index}`}
              disableGutters
              elevation={0}
              expanded={expanded === index}
              onChange={(_, isExpanded) => setExpanded(isExpanded ? index : false)}
              sx={{
                mb: 1.5,
                border: 1,
                borderColor: expanded === index ? 'primary.light' : 'divider',
                borderRadius: 3,
                overflow: 'hidden',
                '&::before': { display: 'none' },
                '&:last-of-type, &:first-of-type': { borderRadius: 3 },
              }}
            >
              <AccordionSummary
                id={`${id}-header`}
                aria-controls={`${id}-content`}
                expandIcon={<ExpandMoreIcon sx={{ color: 'primary.main' }} />}
                sx={{ px: { xs: 2, md: 3 }, py: 0.5, '& .MuiAccordionSummary-content': { my: 1.75 } }}
              >
                <Typography component="span" sx={{ fontWeight: 600, fontSize: { xs: '1rem', md: '1.05rem' } }}>
                  {item.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`${id}-content`} role="region" aria-labelledby={`${id}-header`} sx={{ px: { xs: 2, md: 3 }, pb: 2.5, pt: 0 }}>
                <Typography sx={{ color: 'text.secondary', lineHeight: 1.7, whiteSpace: 'pre-line' }}>{item.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
    );
  }

  return (
    <LandingSection id="faq" testId="landing-faq" title={t('faq.title')} subtitle={t('faq.subtitle')}>
      <Box sx={{ maxWidth: 880, mx: 'auto' }}>{content}</Box>
    </LandingSection>
  );
}
