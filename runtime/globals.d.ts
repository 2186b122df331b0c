/** True in debug builds (`npm run build -- --debug`, `npm run dev`); replaced at build time by esbuild. */
declare const __TESSERA_DEBUG__: boolean;
