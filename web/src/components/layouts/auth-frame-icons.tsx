/*
 * Three Tabler icons (MIT, @tabler/icons-react's outlines) drawn inline for the portal's plain sign-in, so that
 * its chunk graph shares no icon module with the staff app (a shared module becomes a chunk of its own).
 */
const PATHS = {
  bank: 'M3 21l18 0 M3 10l18 0 M5 6l7 -3l7 3 M4 10l0 11 M20 10l0 11 M8 14l0 3 M12 14l0 3 M16 14l0 3',
  alert: 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0 M12 8v4 M12 16h.01',
  message: 'M8 9h8 M8 13h6 M18 4a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-5l-5 3v-3h-2a3 3 0 0 1 -3 -3v-8a3 3 0 0 1 3 -3h12',
} as const;

/** One of the sign-in's icons, decorative (hidden from assistive technology). */
export function PlainIcon({ name, size, stroke = 2 }: { name: keyof typeof PATHS; size: number; stroke?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
