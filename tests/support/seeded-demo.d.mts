export function copySeededDemo(dataDir: string): boolean;
export function seedFolder(folder: string): Promise<void>;
