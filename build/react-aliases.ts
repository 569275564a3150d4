/**
 * React's module names mapped onto Preact: the components are written against
 * React's API and ship Preact's bytes. Used by the build and the widget tests.
 */
export const reactAliases = [
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];
