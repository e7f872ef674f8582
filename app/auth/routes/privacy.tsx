import { LegalPage, legalContact } from "~/auth/legal";
import { getServices } from "~/services/services";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Política de privacidad | Vitrina" }];

export function loader({ context }: Route.LoaderArgs) {
  return { contact: legalContact(getServices(context).config.vapidSubject) };
}

/** What Vitrina keeps of the merchants and of their stores' buyers, why, and for how long. */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage title="Política de privacidad" contact={loaderData.contact}>
      <p>
        Esta política explica qué datos guarda Vitrina de los comerciantes que la usan y de los clientes que compran en sus
        tiendas, para qué los usa y por cuánto tiempo.
      </p>

      <h2>Los datos de tu cuenta</h2>
      <p>
        Tu nombre, apellido y correo; tu contraseña, guardada de forma que nadie puede leerla; tu plan, tus pagos a Vitrina (los
        datos de tu tarjeta los recibe Mercado Pago, nunca Vitrina); las sesiones y los dispositivos desde los que entras, para
        proteger tu cuenta; y, si vinculas tu cuenta de Mercado Pago, sus claves, guardadas cifradas.
      </p>
      <p>
        Los usamos para darte el servicio y escribirte sobre él: códigos de verificación, avisos de pedidos y recordatorios de
        pago (los recordatorios y el correo por cada pedido se apagan en Cuenta). No enviamos publicidad ni vendemos tus datos.
      </p>

      <h2>Los datos de los compradores</h2>
      <p>
        Cuando alguien compra en una tienda, Vitrina guarda por cuenta de esa tienda lo que escribe en el pedido (nombre,
        teléfono, correo, dirección y nota) y, si paga por transferencia, su comprobante, que solo ve la tienda. La tienda es
        responsable de esos datos: para pedir que los borre, el comprador le escribe a la tienda, que lo hace desde Clientes.
      </p>

      <h2>Las estadísticas de las tiendas</h2>
      <p>
        Cada tienda ve cuántas visitas tuvo, de dónde llegaron (Instagram, WhatsApp, Google, su código QR…), qué páginas y
        productos se vieron y cuántas terminaron en un pedido. Se cuentan sin cookies y sin guardar datos personales: ni la
        dirección IP ni el navegador de quien visita. Para contar una vez a quien vuelve el mismo día se guarda una clave hecha
        con su dirección y su navegador mezclados con un valor secreto que cambia cada día y no se guarda; con ella no se puede
        saber quién es ni reconocerlo otro día, y se borra a los dos días. Solo quedan los totales de cada día. El carrito
        recuerda de dónde llegó quien lo llenó, y el pedido lo guarda. No se cuentan los buscadores ni las vistas previas de
        enlaces, ni las visitas de la propia tienda.
      </p>

      <h2>Los anuncios de las tiendas</h2>
      <p>
        Si una tienda lo activa en Anuncios, Vitrina envía por cuenta de ella a Meta o a Google Analytics lo que pasa en la
        tienda: un producto visto, agregado al carrito, un pedido empezado o hecho, con su valor y sus productos, la dirección IP
        y el navegador de quien lo hizo y, si llegó desde un anuncio, el identificador de ese clic. Se envía desde nuestro
        servidor: la tienda no carga ningún código de esas plataformas. La tienda es responsable de ese envío.
      </p>

      <h2>Cookies</h2>
      <p>
        Solo las necesarias para que el servicio funcione: tu sesión cuando entras a Vitrina, y el carrito y el último pedido de
        quien compra en una tienda. Al abrir tu tienda desde Vitrina, tu navegador recibe además una marca para que tus propias
        visitas no se cuenten en sus estadísticas. Quien llega a una tienda desde un anuncio de Meta o de Google guarda en ella el
        identificador de ese clic, que solo se envía si la tienda activó Anuncios. No usamos otras cookies de publicidad ni de
        seguimiento.
      </p>

      <h2>Con quién los compartimos</h2>
      <p>
        Solo con los proveedores que hacen funcionar Vitrina, y solo para eso: quienes alojan el servicio y sus archivos, envían
        los correos, procesan los pagos y nos avisan de errores; y con Meta o Google cuando una tienda activó Anuncios, como se
        explica arriba.
      </p>

      <h2>Cuánto tiempo los guardamos</h2>
      <p>
        Mientras tu cuenta exista. Eliminar una tienda borra sus productos, fotos, pedidos y clientes. Para eliminar tu cuenta y
        todos sus datos, escríbenos. Las copias de seguridad pueden conservar los datos borrados un tiempo más, hasta que se
        renuevan.
      </p>
    </LegalPage>
  );
}
