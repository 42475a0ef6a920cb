declare const contentHash: {
  /** Hex digits of the content hash in a file's name. */
  HASH_LENGTH: number;
  /** The path of a content-hashed file: a regular expression's source, read by JavaScript and nginx. */
  HASHED_FILE: string;
};
export = contentHash;
