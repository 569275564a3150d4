// The analyzer's own JSDoc reader, which the defineElement plugin runs on the block
// above a `defineElement(...)` call (the package declares no types for its modules).
declare module '@custom-elements-manifest/analyzer/src/features/analyse-phase/class-jsdoc.js' {
  export function classJsDocPlugin(): {
    analyzePhase(params: { ts: unknown; node: unknown; moduleDoc: unknown }): void;
  };
}
