declare const chromiumArgs: string[];
export = chromiumArgs;
