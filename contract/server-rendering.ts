/**
 * Marks the `<style>` a server puts in a declarative shadow root; the element
 * replaces it with its adopted stylesheet on upgrade. Shared by host and widgets.
 */
export const SERVER_STYLE_ATTRIBUTE = 'data-server-style';
