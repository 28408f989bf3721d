/** The parts of nlp.js the assistant uses (the packages ship no types). */
declare module "@nlpjs/neural" {
  export class NeuralNetwork {
    constructor(settings?: Record<string, unknown>);
    train(corpus: { input: Record<string, number>; output: Record<string, number> }[]): unknown;
    run(input: Record<string, number>): Record<string, number> | undefined;
    toJSON(): unknown;
    fromJSON(json: unknown): void;
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
