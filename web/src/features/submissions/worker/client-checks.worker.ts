import { validateWorkbook } from '@shared/xlsx/index';
import type { ClientCheckRequest, ClientCheckResponse } from './client-checks';

// The spec §5 client checks, run off the main thread so the page stays responsive on large files.
// (Typed by hand: the project compiles against the DOM library, not the worker one.)
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClientCheckRequest>) => void) | null;
  postMessage: (message: ClientCheckResponse) => void;
};

scope.onmessage = (event: MessageEvent<ClientCheckRequest>) => {
  const { data, kind, month, payeeKey } = event.data;
  let response: ClientCheckResponse;
  try {
    const result = validateWorkbook(new Uint8Array(data), { kind, month, payeeKey, collectRows: false });
    response = {
      ok: true,
      result: { headers: result.headers, row_count: result.row_count, preview: result.preview, errors: result.errors, warnings: result.warnings },
    };
  } catch (error) {
    response = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
