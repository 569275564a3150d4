// `react` and `react-dom` are installed as @preact/compat, which ships no types of
// its own: React's names get Preact's types, the same code the build aliases in.
declare module 'react' {
  import React = require('preact/compat');
  export = React;
}
declare module 'react/jsx-runtime' {
  export * from 'preact/jsx-runtime';
}
declare module 'react-dom' {
  import ReactDOM = require('preact/compat');
  export = ReactDOM;
}
declare module 'react-dom/client' {
  export * from 'preact/compat/client';
}
declare module 'react-dom/server' {
  import ReactDOMServer = require('preact/compat/server');
  export = ReactDOMServer;
}
