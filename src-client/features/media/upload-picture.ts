import { MEDIA_UPLOAD_FIELD, MEDIA_UPLOAD_PATH, type MediaUploadError, type MediaUploadResult } from '@shared/media';

export type UploadOutcome =
  | { ok: true; result: MediaUploadResult }
  /** `message`: the server's refusal, in the page's language; null when there is none to show. `unreachable`: no answer came. */
  | { ok: false; message: string | null; unreachable: boolean };

/**
 * Sends a picture to the server. XMLHttpRequest rather than fetch: it is the one browser API that
 * reports how much of the body has gone out, for the progress bar. The answer's refusal is already in
 * the page's language (`lang`); an unexpected failure's ("Internal error") is not, and is not shown.
 */
export function uploadPicture(file: File, lang: string, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${MEDIA_UPLOAD_PATH}?lang=${encodeURIComponent(lang)}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status === 201) resolve({ ok: true, result: request.response as MediaUploadResult });
      else resolve({ ok: false, message: refusalMessage(request.response as MediaUploadError | null), unreachable: false });
    };
    request.onerror = () => resolve({ ok: false, message: null, unreachable: true });
    const body = new FormData();
    body.append(MEDIA_UPLOAD_FIELD, file);
    request.send(body);
  });
}

function refusalMessage(answer: MediaUploadError | null): string | null {
  const refusal = answer?.error;
  return refusal && refusal.code !== 'INTERNAL' ? refusal.message : null;
}
