// Written by build/element-loaders.ts from the element registry (widgets/elements.ts).
declare module 'virtual:portal-element-loaders' {
  /** Tag -> the import() of its module, for every element portal.js defines. */
  export const elementLoaders: Record<string, () => Promise<unknown>>;
}
