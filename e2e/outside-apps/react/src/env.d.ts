/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The portal the elements talk to (`http://127.0.0.1:3000`). */
  readonly VITE_PORTAL_ORIGIN: string;
}
