import type { Plugin } from 'vite'

/**
 * V8's explicit compile hint (Chromium 136 and later; Electron 45 is 140): the functions of a script that
 * starts with this line are compiled as it loads, not each at its first call. Without it, the first F3 on a
 * slow PC compiled the journal's code in the key's own frame (the first visit to a screen was ~40 ms slower at
 * 4× CPU than the next); with it, the start pays once, while the desk comes up (~0.1–0.2 s at 4× CPU, the
 * first usable screen still well under its 1.5 s). Only the desk's own entry chunk: React's chunk compiles
 * what it needs while the first screen renders anyway. Figures: README, "A shop's old PC".
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/** Puts the hint at the top of the renderer's entry chunk (`index`), after minification. */
export function compileHints(): Plugin {
  return {
    name: 'desk-compile-hints',
    apply: 'build',
    generateBundle: {
      // Last: Vite puts its preload map at the top of the chunk in this hook too, and the hint goes first.
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && file.isEntry && file.name === 'index')
            file.code = COMPILE_HINT + file.code
        }
      },
    },
  }
}
