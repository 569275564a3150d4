/**
 * The values of the `load-on` attribute (a public contract): when the loader
 * fetches the code of an element the server rendered ahead of it
 * (widgets/loader/deferred.ts says what each means).
 */
export type LoadWhen = 'visible' | 'interaction' | 'scroll' | 'signed-in';
