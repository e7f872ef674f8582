// `npm run backup [-- folder]`: a consistent copy of the embedded database and the files, while the server runs
// (default folder: backups/vitrina-{time}). `npm run restore -- folder`: puts one back; stop the server first.
// Both read DATA_DIR (default .data), as the server does.
import { resolve } from "node:path";
import { backupData, restoreData } from "./backup";

const [command, folderArg] = process.argv.slice(2);
const dataDir = resolve(process.env.DATA_DIR ?? ".data");

if (command === "backup") {
  const folder = resolve(folderArg ?? `backups/vitrina-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  const report = await backupData(dataDir, folder);
  console.log(
    `Copia lista en ${report.folder}: base de datos ${(report.databaseBytes / 1e6).toFixed(1)} MB, ${report.files} archivos.`,
  );
} else if (command === "restore" && folderArg) {
  await restoreData(resolve(folderArg), dataDir);
  console.log(`Restaurado ${resolve(folderArg)} en ${dataDir}. Ya puedes iniciar el servidor.`);
} else {
  console.error("Uso: npm run backup [-- carpeta] · npm run restore -- carpeta");
  process.exit(2);
}
