/** The parts of nlp.js the assistant uses (the packages ship no types). */
declare module "@nlpjs/neural" {
  export class NeuralNetwork {
    constructor(settings?: Record<string, unknown>);
    train(corpus: { input: Record<string, number>; output: Record<string, number> }[]): unknown;
    run(input: Record<string, number>): Record<string, number> | undefined;
    toJSON(): unknown;
    fromJSON(json: unknown): void;
    /** Read by classifier.ts's runner: the settings, the feature lookup and the perceptrons fromJSON filled. */
    settings: { alpha: number };
    lookup: { inputLookup: { dict: Record<string, number> } };
    perceptrons: { name: string; weights: Float32Array; bias: number }[];
  }
}
declare module "@nlpjs/lang-en-min" {
  export class StemmerEn {
    stem(tokens: string[]): string[];
  }
}
declare module "@nlpjs/lang-es" {
  export class StemmerEs {
    stem(tokens: string[]): string[];
  }
}
