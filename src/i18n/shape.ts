/**
 * The shape of a dictionary: the English keys, any string as the value. Each Spanish file is typed
 * as the shape of its English file, so a key missing or extra in either fails `astro check`.
 */
export type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
