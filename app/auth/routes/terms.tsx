import { LegalPage, legalContact } from "~/auth/legal";
import { getServices } from "~/services/services";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => [{ title: "Términos y condiciones | Vitrina" }];

export function loader({ context }: Route.LoaderArgs) {
  return { contact: legalContact(getServices(context).config.vapidSubject) };
}

/** The terms a merchant accepts when signing up ('Acepto los términos y condiciones'). */
export default function Terms({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage title="Términos y condiciones" contact={loaderData.contact}>
      <p>
        Estos términos rigen el uso de Vitrina, el servicio para crear y administrar tiendas en línea. Al crear tu cuenta los
        aceptas.
      </p>

      <h2>El servicio</h2>
      <p>
        Vitrina te da una tienda en línea con catálogo, carrito y pedidos: tus clientes te envían el pedido por WhatsApp, lo pagan
        en tu propia cuenta de Mercado Pago, por transferencia o en efectivo, y tú lo atiendes desde Ventas. Vitrina no vende tus
        productos ni participa en tus ventas: cada compra es un acuerdo entre tú y tu cliente, y el dinero de tus ventas no pasa
        por Vitrina.
      </p>

      <h2>Tu cuenta</h2>
      <p>
        Usa datos verdaderos y un correo que sea tuyo: con él confirmas la cuenta y recuperas la contraseña. Cuida tu contraseña;
        respondes por lo que se haga con tu cuenta.
      </p>

      <h2>Mes gratis, planes y pagos</h2>
      <p>
        Al elegir un plan empieza un mes gratis, sin pagar nada. Después pagas por adelantado el plan y el período que elijas
        (mensual, semestral o anual) por cada tienda de tu cuenta. Los precios y los límites de cada plan están en la página
        Planes antes de pagar, y los pagos a Vitrina se hacen con Mercado Pago.
      </p>
      <p>
        Si no pagas a tiempo, tus tiendas siguen recibiendo pedidos 10 días más; después dejan de mostrarse hasta que pagues. Por
        falta de pago no borramos nada.
      </p>

      <h2>Lo que vendes</h2>
      <p>
        Tú decides y respondes por lo que publicas y vendes: productos, fotos, descripciones, precios, stock, entregas, cobros,
        cambios y devoluciones, facturas e impuestos, y por cumplir las leyes de tu país sobre comercio y protección al
        consumidor. Publica solo fotos y textos que tengas derecho a usar. No se permite vender productos ilegales ni usar Vitrina
        para engañar a nadie: podemos suspender la tienda que lo haga.
      </p>

      <h2>Los datos de tus clientes</h2>
      <p>
        Con cada pedido recibes los datos que tu cliente escribe: nombre, teléfono, correo y dirección. Tú eres responsable de
        ellos: úsalos solo para atender sus pedidos y para lo que tu cliente haya aceptado, y respeta las leyes de datos
        personales de tu país. Vitrina los guarda por ti para mostrarlos en Ventas y Clientes; no los vendemos ni los usamos para
        nada más. Si un cliente te pide borrar sus datos, hazlo desde Clientes con «Borrar datos».
      </p>

      <h2>Datos guardados y eliminados</h2>
      <p>
        Guardamos los datos de tu cuenta y de tus tiendas mientras tu cuenta exista. Cuando eliminas una tienda se borran sus
        productos, fotos, secciones, pedidos y clientes, y no se puede deshacer. Las copias de seguridad que hacemos para
        recuperar el servicio ante una falla pueden conservarlos un tiempo más, hasta que se renuevan. La{" "}
        <a href="/privacidad">Política de privacidad</a> explica qué datos tuyos guardamos y para qué.
      </p>

      <h2>Cambios</h2>
      <p>Si cambiamos estos términos, te avisaremos por correo antes de que empiecen a regir.</p>
    </LegalPage>
  );
}
