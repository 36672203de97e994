import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
/** A hidden tab gets no animation frames; its scripts start after this long all the same. */
const START_FALLBACK_MS = 100;

/**
 * Starts the player app's scripts only after the browser has painted index.html's loading shell.
 *
 * A module script in the page would run as soon as it arrives, and on a slow phone it and React's
 * first render hold the main thread for a second or more before any frame is drawn: the shell,
 * although ready, stays unseen. So the entry script and its module preloads leave the markup, and a
 * few lines add them back after the first animation frame. They still download together (the
 * preloads go in first) and the style sheet still blocks the first paint, as the shell needs it.
 */
export function paintFirst(): Plugin {
  return {
    name: 'panalo:paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        // Only the player app's page; the game client (game/index.html) starts as it is.
        if (context.path !== '/index.html') return html;
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('paint-first: index.html has no entry module script');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
        const loader = `<script>
      // The app starts after the shell's first paint (apps/web/build/paint-first-plugin.ts).
      (() => {
        let isStarted = false;
        const start = () => {
          if (isStarted) return;
          isStarted = true;
          const add = (element, attributes) => {
            Object.assign(element, attributes);
            document.head.append(element);
          };
          for (const href of ${JSON.stringify(preloads)}) {
            add(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href });
          }
          add(document.createElement('script'), { type: 'module', crossOrigin: '', src: ${JSON.stringify(entry)} });
        };
        requestAnimationFrame(() => setTimeout(start));
        setTimeout(start, ${START_FALLBACK_MS});
      })();
    </script>`;
        return html
          .replace(ENTRY_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace('</body>', `  ${loader}\n  </body>`);
      },
    },
  };
}
