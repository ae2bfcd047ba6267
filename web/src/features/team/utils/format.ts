/** '3 Mar 2026' for the members table; '—' when absent. */
export const formatDay = (value: string | null): string => (value ? new Date(value).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }) : '—');
