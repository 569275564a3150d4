import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { transform } from 'esbuild';
import type { Plugin } from 'rollup';

/**
 * `studio-editor.css`, beside `studio-editor.js` (the studio's rich-text editor,
 * widgets/studio-editor/): Trix's own sheet and the studio's changes to it:
 * 44 px buttons, the field's border and focus, and no buttons for what the
 * pages' rules drop on save (strike-through, code). Studio pages link it; no
 * portal page does.
 */
const STUDIO_CHANGES = `
trix-toolbar{margin-bottom:8px}
trix-toolbar .trix-button-row{flex-wrap:wrap;gap:4px}
trix-toolbar .trix-button-group{margin-bottom:0}
trix-toolbar .trix-button,trix-toolbar .trix-button--icon{min-width:44px;min-height:44px;max-width:none}
trix-toolbar .trix-button--icon-strike,trix-toolbar .trix-button--icon-code{display:none}
trix-toolbar .trix-dialog{position:static;box-shadow:none}
trix-toolbar .trix-input--dialog{min-height:44px}
trix-editor{min-height:16em;padding:8px 12px;border:1px solid #86909c;border-radius:4px;background:#fff;font:15px/1.7 inherit}
trix-editor:focus{outline:2px solid #1664ff;outline-offset:2px}
trix-editor[aria-invalid=true]{border-color:#b42318}
trix-editor img{max-width:100%;height:auto}
`;

export function studioEditorStyle(): Plugin {
  return {
    name: 'studio-editor-style',
    async generateBundle() {
      const path = createRequire(import.meta.url).resolve('trix/dist/trix.css');
      const { code } = await transform(readFileSync(path, 'utf8') + STUDIO_CHANGES, { loader: 'css', minify: true });
      this.emitFile({ type: 'asset', fileName: 'studio-editor.css', source: code });
    },
  };
}
