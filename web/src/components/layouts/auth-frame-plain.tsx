import { type ButtonHTMLAttributes, type CSSProperties, type ReactNode, useEffect } from 'react';
import { BRAND_NAME, BRAND_SHADES, DIMMED, PRIMARY_SHADE, SYSTEM_FONT } from '@/lib/theme-tokens';
import { PlainIcon } from './auth-frame-icons';
import classes from './auth-frame-plain.module.css';

/** The theme's colours and font, as the variables auth-frame-plain.module.css paints with. */
const THEME = {
  '--font': SYSTEM_FONT,
  '--primary': BRAND_SHADES[PRIMARY_SHADE],
  '--primary-dark': BRAND_SHADES[PRIMARY_SHADE + 1],
  '--dimmed': DIMMED,
} as CSSProperties;

/** A whole page in the frame's colours, its content centred. */
function Page({ children, ...rest }: { children: ReactNode; role?: string; 'aria-live'?: 'polite' }) {
  return (
    <main className={classes.page} style={THEME} {...rest}>
      {children}
    </main>
  );
}

/**
 * AuthFrame (./auth-frame.tsx) in plain HTML, for the employee portal's sign-in, which loads without Mantine
 * on cheap phones over mobile data: the brand, one card with the screen's heading, its content.
 */
export function PlainAuthFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${BRAND_NAME}`;
  }, [title]);
  return (
    <Page>
      <div className={classes.column}>
        <div className={classes.brand}>
          <span className={classes.mark} aria-hidden>
            <PlainIcon name="bank" size={20} stroke={1.8} />
          </span>
          {BRAND_NAME}
        </div>
        <div className={classes.card}>
          <h1 className={classes.title}>{title}</h1>
          {children}
        </div>
      </div>
    </Page>
  );
}

/** A calm whole-page wait (FullPageLoader without Mantine). */
export function PlainLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <Page role="status" aria-live="polite">
      <div className={classes.waiting}>
        <span className={classes.spinner} aria-hidden />
        {label}
      </div>
    </Page>
  );
}

/** A light notice: a problem (role alert, red) or news (role status, blue). */
export function PlainNotice({ tone, children }: { tone: 'problem' | 'news'; children: ReactNode }) {
  return (
    <div className={`${classes.notice} ${classes[tone]}`} role={tone === 'problem' ? 'alert' : 'status'}>
      <PlainIcon name={tone === 'problem' ? 'alert' : 'message'} size={18} />
      <div>{children}</div>
    </div>
  );
}

/** The screen's main action: filled, full width, 44 px high; while `loading`, a spinner and disabled. */
export function PlainButton({ loading = false, disabled = false, children, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { loading?: boolean }) {
  return (
    <button {...rest} className={classes.button} disabled={loading || disabled} aria-busy={loading || undefined}>
      {loading && <span className={classes.spinner} aria-hidden />}
      {children}
    </button>
  );
}
