/**
 * The platform's terms and privacy policy as the code writes them: what /terminos and /privacidad show until the
 * operator saves their own text on /SSS (plain text: blank lines part paragraphs, '# ' starts a heading;
 * app/domain/policies.ts).
 */
export const PLATFORM_TEXT_KEYS = ["terminos", "privacidad"] as const;
export type PlatformTextKey = (typeof PLATFORM_TEXT_KEYS)[number];

export const PLATFORM_TEXT_TITLES: Record<PlatformTextKey, string> = {
  terminos: "Términos y condiciones",
  privacidad: "Política de privacidad",
};

/** Longest text the operator may save (the form's body stays far under the 64 KB limit). */
export const PLATFORM_TEXT_MAX = 20_000;

/** When the default texts last changed, as both pages say it while they show them. */
export const DEFAULT_TEXTS_UPDATED = "28 de noviembre de 2026";

const TERMS = `Estos términos rigen el uso de Vitrina, el servicio para crear y administrar tiendas en línea. Al crear tu cuenta los aceptas.

# El servicio

Vitrina te da una tienda en línea con catálogo, carrito y pedidos: tus clientes te envían el pedido por WhatsApp, lo pagan en tu propia cuenta de Mercado Pago, por transferencia o en efectivo, y tú lo atiendes desde Ventas. Vitrina no vende tus productos ni participa en tus ventas: cada compra es un acuerdo entre tú y tu cliente, y el dinero de tus ventas no pasa por Vitrina.

# Tu cuenta

Usa datos verdaderos y un correo que sea tuyo: con él confirmas la cuenta y recuperas la contraseña. Cuida tu contraseña; respondes por lo que se haga con tu cuenta.

# Mes gratis, planes y pagos

Al elegir un plan empieza un mes gratis, sin pagar nada. Después pagas por adelantado el plan y el período que elijas (mensual, semestral o anual) por cada tienda de tu cuenta. Los precios y los límites de cada plan están en la página Planes antes de pagar, y los pagos a Vitrina se hacen con Mercado Pago.

Si no pagas a tiempo, tus tiendas siguen recibiendo pedidos 10 días más; después dejan de mostrarse hasta que pagues. Por falta de pago no borramos nada.

# Lo que vendes

Tú decides y respondes por lo que publicas y vendes: productos, fotos, descripciones, precios, stock, entregas, cobros, cambios y devoluciones, facturas e impuestos, y por cumplir las leyes de tu país sobre comercio y protección al consumidor. Cada tienda tiene sus páginas de Cambios y devoluciones, Envíos y Privacidad, que escribes en Políticas; en Argentina, la tienda muestra además el Botón de arrepentimiento y el enlace a Defensa de las y los Consumidores, y tú atiendes las solicitudes de cancelación que lleguen. Publica solo fotos y textos que tengas derecho a usar. No se permite vender productos ilegales ni usar Vitrina para engañar a nadie: podemos suspender la tienda que lo haga.

# Los datos de tus clientes

Con cada pedido recibes los datos que tu cliente escribe: nombre, teléfono, correo y dirección. Tú eres responsable de ellos: úsalos solo para atender sus pedidos y para lo que tu cliente haya aceptado, y respeta las leyes de datos personales de tu país. Vitrina los guarda por ti para mostrarlos en Ventas y Clientes; no los vendemos ni los usamos para nada más. Si un cliente te pide borrar sus datos, hazlo desde Clientes con «Borrar datos».

# Datos guardados y eliminados

Guardamos los datos de tu cuenta y de tus tiendas mientras tu cuenta exista. Cuando eliminas una tienda se borran sus productos, fotos, secciones, pedidos y clientes, y no se puede deshacer. Las copias de seguridad que hacemos para recuperar el servicio ante una falla pueden conservarlos un tiempo más, hasta que se renuevan. La Política de privacidad explica qué datos tuyos guardamos y para qué.

# Cambios

Si cambiamos estos términos, te avisaremos por correo antes de que empiecen a regir.`;

const PRIVACY = `Esta política explica qué datos guarda Vitrina de los comerciantes que la usan y de los clientes que compran en sus tiendas, para qué los usa y por cuánto tiempo.

# Los datos de tu cuenta

Tu nombre, apellido y correo; tu contraseña, guardada de forma que nadie puede leerla; tu plan, tus pagos a Vitrina (los datos de tu tarjeta los recibe Mercado Pago, nunca Vitrina); las sesiones y los dispositivos desde los que entras, para proteger tu cuenta; y, si vinculas tu cuenta de Mercado Pago, sus claves, guardadas cifradas.

Los usamos para darte el servicio y escribirte sobre él: códigos de verificación, avisos de pedidos y recordatorios de pago (los recordatorios y el correo por cada pedido se apagan en Cuenta). No enviamos publicidad ni vendemos tus datos.

# Los datos de los compradores

Cuando alguien compra en una tienda, Vitrina guarda por cuenta de esa tienda lo que escribe en el pedido (nombre, teléfono, correo, dirección y nota) y, si paga por transferencia, su comprobante, que solo ve la tienda. Si usa el Botón de arrepentimiento, también su solicitud de cancelación. Al empezar un pedido deja su nombre y su WhatsApp o su correo: si no lo termina, la tienda los ve durante 30 días en Carritos abandonados para escribirle con el enlace que recupera su carrito, y si dejó su correo recibe un solo recordatorio, con un enlace para no recibir más; a los 30 días se borran. La tienda es responsable de esos datos: para pedir que los borre, el comprador le escribe a la tienda, que lo hace desde Clientes.

# Las estadísticas de las tiendas

Cada tienda ve cuántas visitas tuvo, de dónde llegaron (Instagram, WhatsApp, Google, su código QR…), qué páginas y productos se vieron y cuántas terminaron en un pedido. Se cuentan sin cookies y sin guardar datos personales: ni la dirección IP ni el navegador de quien visita. Para contar una vez a quien vuelve el mismo día se guarda una clave hecha con su dirección y su navegador mezclados con un valor secreto que cambia cada día y no se guarda; con ella no se puede saber quién es ni reconocerlo otro día, y se borra a los dos días. Solo quedan los totales de cada día. El carrito recuerda de dónde llegó quien lo llenó, y el pedido lo guarda. No se cuentan los buscadores ni las vistas previas de enlaces, ni las visitas de la propia tienda.

# Los anuncios de las tiendas

Si una tienda lo activa en Anuncios, Vitrina envía por cuenta de ella a Meta o a Google Analytics lo que pasa en la tienda: un producto visto, agregado al carrito, un pedido empezado o hecho, con su valor y sus productos, la dirección IP y el navegador de quien lo hizo y, si llegó desde un anuncio, el identificador de ese clic. Se envía desde nuestro servidor: la tienda no carga ningún código de esas plataformas. La tienda es responsable de ese envío.

# Cookies

Solo las necesarias para que el servicio funcione: tu sesión cuando entras a Vitrina, y el carrito y el último pedido de quien compra en una tienda. Al abrir tu tienda desde Vitrina, tu navegador recibe además una marca para que tus propias visitas no se cuenten en sus estadísticas. Quien llega a una tienda desde un anuncio de Meta o de Google guarda en ella el identificador de ese clic, que solo se envía si la tienda activó Anuncios. No usamos otras cookies de publicidad ni de seguimiento.

# Con quién los compartimos

Solo con los proveedores que hacen funcionar Vitrina, y solo para eso: quienes alojan el servicio y sus archivos, envían los correos, procesan los pagos y nos avisan de errores; y con Meta o Google cuando una tienda activó Anuncios, como se explica arriba.

# Cuánto tiempo los guardamos

Mientras tu cuenta exista. Eliminar una tienda borra sus productos, fotos, pedidos y clientes. Para eliminar tu cuenta y todos sus datos, escríbenos. Las copias de seguridad pueden conservar los datos borrados un tiempo más, hasta que se renuevan.`;

/** A platform page's text as shown: the operator's (custom) or the default, and its 'Última actualización'. */
export interface PlatformText {
  body: string;
  custom: boolean;
  updated: string;
}

export const DEFAULT_PLATFORM_TEXTS: Record<PlatformTextKey, string> = { terminos: TERMS, privacidad: PRIVACY };
