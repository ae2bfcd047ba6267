/** Redoc's self-contained browser bundle (its own React inside), loaded as a script: what the page calls of it. */
interface RedocStandalone {
  init(spec: object | string, options: Record<string, unknown>, element: HTMLElement, callback?: (error?: unknown) => void): void;
}

interface Window {
  Redoc?: RedocStandalone;
}
