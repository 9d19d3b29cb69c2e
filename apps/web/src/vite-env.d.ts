/// <reference types="vite/client" />

/** The build version (see build/build-version.ts), compared with the server's on the version check. */
declare const __APP_VERSION__: string;
