/** The body of `url` as the server sends it to a request with this Accept-Encoding: its bytes and encoding. */
export declare function encodedSize(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }>;
