import { useEffect, useState } from 'react';
import { CODE_RESEND_SECONDS } from '@drop/shared';

/** Whole seconds left until a new code may be asked for (the API mails one a minute: CODE_RESEND_SECONDS). */
export function secondsUntilResend(sentAt: number | null, now = Date.now()): number {
  if (sentAt === null) return 0;
  return Math.min(CODE_RESEND_SECONDS, Math.max(0, Math.ceil((sentAt + CODE_RESEND_SECONDS * 1000 - now) / 1000)));
}

/** The resend countdown for a code mailed at `sentAt` (ms), ticking once a second until 0. */
export function useResendCountdown(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntilResend(sentAt, now);
  useEffect(() => {
    if (sentAt === null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (secondsUntilResend(sentAt, t) === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  return left;
}
