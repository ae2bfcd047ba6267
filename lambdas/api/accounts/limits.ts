import type { RateLimit } from '#data/rate-limits/windows.js';

/*
 * Per client and per email, so neither many emails from one client nor one email from many
 * clients gets through. Sized for people (an office behind one address signing up together),
 * not for scripts.
 */
export const availabilityLimits = (ip: string, email: string): RateLimit[] => [
  { scope: `availability:ip:${ip}`, limit: 60, windowSeconds: 60 },
  { scope: `availability:email:${email}`, limit: 20, windowSeconds: 60 },
];

export const accessRequestLimits = (ip: string, email: string): RateLimit[] => [
  { scope: `access-request:ip:${ip}`, limit: 30, windowSeconds: 600 },
  { scope: `access-request:email:${email}`, limit: 5, windowSeconds: 600 },
];
