import classes from './skip-link.module.css';

/** The first stop of the keyboard on every frame: hidden until focused, it jumps past the header (WCAG 2.4.1). */
export function SkipLink({ target }: { target: string }) {
  return (
    <a href={`#${target}`} className={classes.skipLink}>
      Skip to main content
    </a>
  );
}
