export function copySeededDemo(dataDir: string): boolean;
export function makeSeededDemo(folder: string): Promise<void>;
