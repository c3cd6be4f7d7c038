/**
 * Constants Vite writes into the code at build time (`define` in vite.config.ts); a branch on
 * a `false` one is dropped from the output together with what only it imports.
 */

/** True only in a build made with `vite build --mode test-hooks` (browser tests); never in the product. */
declare const __MAGANG_TEST_HOOKS__: boolean;
