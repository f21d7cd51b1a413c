/**
 * Where uploaded pictures are kept (ADR 036). The app reaches its store through the context
 * (deps.media); the database store is the default, and a later S3-compatible store implements the same
 * three operations (a file per variant under `<mediaId>/<variant>`).
 */

/** One file of an upload: its original ('original') or a variant ('480.avif', '1600.jpg', ...). */
export type MediaFile = {
  variant: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
};

export type MediaStorage = {
  /** Stores every file of one upload at once: a picture is served either with all its variants or not at all. */
  put(mediaId: string, files: readonly MediaFile[], meta: { uploadedBy: string | null; createdAt: string }): Promise<void>;
  get(mediaId: string, variant: string): Promise<MediaFile | null>;
  delete(mediaId: string): Promise<void>;
};
