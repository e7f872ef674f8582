import { defineMessages } from "~/domain/messages";

/** The spec's Spanish strings for accounts, word for word where the spec gives them (decision 0067: the catalog's). */
export const AUTH_TEXTS = defineMessages({
  passwordTooShort: { id: "auth.refusal.passwordTooShort", defaultMessage: "La contraseña es demasiado corta" },
  passwordTooLong: { id: "auth.refusal.passwordTooLong", defaultMessage: "La contraseña es demasiado larga" },
  passwordCommon: { id: "auth.refusal.passwordCommon", defaultMessage: "Esta contraseña es demasiado común" },
  emailTaken: { id: "auth.refusal.emailTaken", defaultMessage: "El correo no se encuentra disponible" },
  emailInvalid: { id: "auth.refusal.emailInvalid", defaultMessage: "Escribe un correo válido" },
  required: { id: "auth.refusal.required", defaultMessage: "Este campo es obligatorio" },
  terms: { id: "auth.refusal.terms", defaultMessage: "Debes aceptar los términos y condiciones" },
  storeNameTaken: { id: "auth.refusal.storeNameTaken", defaultMessage: "El nombre de la tienda no está disponible" },
  storeNameTooShort: {
    id: "auth.refusal.storeNameTooShort",
    defaultMessage: "El nombre de la tienda debe tener al menos 3 letras o números",
  },
  categoryRequired: { id: "auth.refusal.categoryRequired", defaultMessage: "Elige una categoría" },
  codeWrong: { id: "auth.refusal.codeWrong", defaultMessage: "El código es incorrecto" },
  codeExpired: { id: "auth.refusal.codeExpired", defaultMessage: "El código venció. Pide uno nuevo." },
  codeTooManyTries: { id: "auth.refusal.codeTooManyTries", defaultMessage: "Demasiados intentos. Pide un código nuevo." },
  codeResendWait: { id: "auth.refusal.codeResendWait", defaultMessage: "Podrás pedir otro código en {seconds} s" },
  tooManyAttempts: {
    id: "auth.refusal.tooManyAttempts",
    defaultMessage: "Demasiados intentos. Intenta de nuevo en unos minutos.",
  },
  accountThrottled: {
    id: "auth.refusal.accountThrottled",
    defaultMessage:
      "Por seguridad, espera {minutes} min antes de intentarlo de nuevo, o entra desde un dispositivo donde ya iniciaste sesión, o cambia tu contraseña con «¿Olvidaste tu contraseña?».",
  },
  error: { id: "auth.refusal.error", defaultMessage: "Error" },
  emailInUseTitle: { id: "auth.refusal.emailInUseTitle", defaultMessage: "Correo no disponible" },
  emailInUseBody: {
    id: "auth.refusal.emailInUseBody",
    defaultMessage: "El correo electrónico proporcionado ya está siendo utilizado por un usuario existente",
  },
  invalidCredentialTitle: { id: "auth.refusal.invalidCredentialTitle", defaultMessage: "Correo o contraseña invalida" },
  invalidCredentialBody: {
    id: "auth.refusal.invalidCredentialBody",
    defaultMessage: "Los datos enviados no coinciden con ninguna cuenta",
  },
  resetSentTitle: { id: "auth.notice.resetSentTitle", defaultMessage: "Revisa tu correo" },
  resetSentBody: {
    id: "auth.notice.resetSentBody",
    defaultMessage: "Si el correo tiene una cuenta, te enviamos un enlace para cambiar la contraseña.",
  },
  resetDoneTitle: { id: "auth.notice.resetDoneTitle", defaultMessage: "Contraseña actualizada" },
  resetDoneBody: { id: "auth.notice.resetDoneBody", defaultMessage: "Ya puedes iniciar sesión con tu nueva contraseña." },
  resetInvalid: { id: "auth.refusal.resetInvalid", defaultMessage: "El enlace no es válido o ya venció. Pide uno nuevo." },
  passwordsDiffer: { id: "auth.refusal.passwordsDiffer", defaultMessage: "Las contraseñas no coinciden" },
  crossSite: { id: "auth.refusal.crossSite", defaultMessage: "Solicitud rechazada" },
});

type Literal = Exclude<keyof typeof AUTH_TEXTS, "codeResendWait" | "accountThrottled">;

/** The same texts in neutral Spanish: what an error carries as its message, and what tests read. */
export const AUTH_MESSAGES = Object.fromEntries(
  Object.entries(AUTH_TEXTS).map(([key, text]) => [key, text.defaultMessage]),
) as Record<Literal, string>;
