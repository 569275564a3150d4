// Styles are imported as minified strings by the build (build/css-string.ts).
declare module '*.css' {
  const css: string;
  export default css;
}
