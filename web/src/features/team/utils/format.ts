/** The team's screens write days as every screen does (web/src/lib/format.ts); the name stays for their cards. */
export { formatDate as formatDay } from '@/lib/format';
