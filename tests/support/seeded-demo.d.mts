export function copySeededDemo(dataDir: string, folder?: string | null): boolean;
export function seedFolder(folder: string): Promise<void>;
