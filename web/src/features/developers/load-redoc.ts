import redocUrl from 'redoc/bundles/redoc.standalone.js?url';

let loading: Promise<RedocStandalone> | undefined;

/**
 * Redoc's browser bundle, fetched as a script of the app's own origin the first time the reference opens
 * (never bundled into a chunk: no other screen carries it, and its CommonJS never meets the app's).
 */
export function loadRedoc(): Promise<RedocStandalone> {
  loading ??= new Promise<RedocStandalone>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = redocUrl;
    script.async = true;
    script.onload = () => (window.Redoc ? resolve(window.Redoc) : reject(new Error('Redoc did not load.')));
    script.onerror = () => reject(new Error('Redoc could not be fetched.'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
