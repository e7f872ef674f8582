import { data, Form, Link, useNavigation } from "react-router";
import { CATALOG_MAX_BYTES, CATALOG_MAX_ROWS } from "~/domain/product-csv";
import { getServices } from "~/services/services";
import { redirectWithNotice } from "~/ui/flash.server";
import { ErrorText, FormError } from "~/ui/form";
import { notice } from "~/ui/notice";
import { actingUser } from "~/workspace/activity.server";
import { ownedStoreContext } from "~/workspace/context.server";
import { storePageTitle } from "~/workspace/page-titles";
import { merchantPlanLimits } from "~/workspace/plan-limits.server";
import { type CatalogPreviewView, handleCatalogImportForm } from "../catalog-import.server";
import type { Route } from "./+types/catalog-import";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: storePageTitle("Importar CSV", matches) }];

export function loader({ context }: Route.LoaderArgs) {
  return { storeId: context.get(ownedStoreContext).id };
}

export async function action({ request, context }: Route.ActionArgs) {
  const store = context.get(ownedStoreContext);
  const services = getServices(context);
  const answer = await handleCatalogImportForm(
    services,
    actingUser(context),
    store,
    merchantPlanLimits(context),
    await request.formData(),
  );
  if (answer.applied)
    return redirectWithNotice(
      services.config,
      `/Store/${store.id}/products`,
      notice(
        `Importación lista: ${answer.created} creados, ${answer.updated} actualizados`,
        answer.created > 0 ? NEW_ARE_HIDDEN : "Los cambios ya se ven en tu tienda.",
      ),
    );
  return data({ errors: answer.errors, preview: answer.preview }, { status: answer.status });
}

const NEW_ARE_HIDDEN = "Los productos nuevos quedan ocultos hasta que les agregues una foto y los publiques.";

const mb = CATALOG_MAX_BYTES / 1024 / 1024;

export default function CatalogImport({ loaderData, actionData }: Route.ComponentProps) {
  const { storeId } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const preview = actionData?.preview ?? null;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="narrow-wide">
      <p className="back-link">
        <Link to={`/Store/${storeId}/products`}>← Productos</Link>
      </p>
      <h2>Importar CSV</h2>
      <p>
        Sube una hoja de cálculo con tu catálogo: una fila por variante, o una por producto sin opciones. La forma más fácil es
        partir de{" "}
        <a href={`/Store/${storeId}/products.csv`} download>
          tu catálogo exportado
        </a>
        , cambiarlo y guardarlo como «CSV UTF-8».
      </p>
      <p className="muted">
        Con ID se actualiza ese producto; sin ID se crea uno nuevo (o se actualiza el que tenga el mismo SKU). Las combinaciones
        que falten en el archivo se quitan. Hasta {mb} MB y {CATALOG_MAX_ROWS} filas.
      </p>
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="preview" />
        <div className="field">
          <label htmlFor="f-file">Archivo CSV</label>
          <input id="f-file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <ErrorText message={errors.file} />
        <button type="submit" className="button secondary" disabled={busy}>
          Ver vista previa
        </button>
      </Form>
      {preview && <Preview preview={preview} error={errors.form} busy={busy} />}
    </section>
  );
}

function Preview({ preview, error, busy }: { preview: CatalogPreviewView; error?: string; busy: boolean }) {
  return (
    <section aria-labelledby="preview-title">
      <h3 id="preview-title">Vista previa</h3>
      <FormError message={error} />
      {preview.problems.length > 0 && (
        <ul className="field-error" aria-label="Problemas del archivo">
          {preview.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p data-testid="import-summary">
        {preview.creates} {preview.creates === 1 ? "producto se creará" : "productos se crearán"} y {preview.updates}{" "}
        {preview.updates === 1 ? "se actualizará" : "se actualizarán"}.{preview.creates > 0 && ` ${NEW_ARE_HIDDEN}`}
      </p>
      {preview.rows.length > 0 && (
        <div className="table-scroll">
          <table className="compare" aria-label="Resultado por fila">
            <thead>
              <tr>
                <th scope="col">Fila</th>
                <th scope="col">Producto</th>
                <th scope="col">Resultado</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((r) => (
                <tr key={r.row}>
                  <td>{r.row}</td>
                  <td>{r.name}</td>
                  <td>
                    {r.outcome ?? (
                      <span className="field-error">
                        {r.problems.length > 0 ? r.problems.join(" · ") : "Su producto tiene problemas en otra fila"}
                      </span>
                    )}
                    {r.outcome === "crear" && <span className="muted"> (oculto)</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {preview.rowsNotShown > 0 && (
            <p className="muted">
              Y {preview.rowsNotShown.toLocaleString("es")} {preview.rowsNotShown === 1 ? "fila más" : "filas más"} sin problemas.
            </p>
          )}
        </div>
      )}
      {preview.confirm && (
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="file" value={preview.confirm.file} />
          <input type="hidden" name="fingerprint" value={preview.confirm.fingerprint} />
          <button type="submit" className="button" disabled={busy}>
            Confirmar importación
          </button>
        </Form>
      )}
    </section>
  );
}
