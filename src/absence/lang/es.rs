//! Spanish.

use super::Words;

pub static WORDS: Words = Words {
    month_first: false,
    subject_auto: &["respuesta automatica", "respuesta automatica:"],
    subject_away: &["fuera de la oficina", "ausencia", "ausente", "vacaciones"],
    subject_not_away: &["no entregado", "mensaje no entregado", "no se pudo entregar", "leido:"],
    away: &[
        "fuera de la oficina", "de vacaciones", "de baja", "de viaje", "ausente", "no estoy en la oficina",
        "estare fuera", "estoy fuera", "me encuentro fuera", "fuera hasta", "regresare", "mis vacaciones", "volvere el",
    ],
    notice: &[
        "a mi regreso", "a mi vuelta", "en cuanto vuelva", "acceso limitado", "sin acceso",
        "no tengo acceso", "no sera reenviado", "en caso de urgencia", "para asuntos urgentes",
        "respondere", "te respondere", "revisare mi correo", "sera atendido",
    ],
    chat: &["pero el", "te va bien", "podemos", "mejor el", "me interesa", "no nos interesa", "hablamos", "yo me encargo", "me viene bien", "te contesto", "si,"],
    not_away: &["ya no trabaja", "hemos recibido", "su pedido", "su consulta"],
    months: [
        &["enero", "ene"], &["febrero", "feb"], &["marzo", "mar"], &["abril", "abr"],
        &["mayo", "may"], &["junio", "jun"], &["julio", "jul"], &["agosto", "ago"],
        &["septiembre", "setiembre", "sep", "sept", "set"], &["octubre", "oct"],
        &["noviembre", "nov"], &["diciembre", "dic"],
    ],
    weekdays: [
        &["lunes"], &["martes"], &["miercoles"], &["jueves"], &["viernes"], &["sabado"],
        &["domingo"],
    ],
    tomorrow: &["manana"],
    next_week: &[&["semana", "que", "viene"], &["proxima", "semana"]],
    until: &["hasta", "al", "y"],
    back: &["regreso", "regresare", "vuelvo", "volvere", "vuelta"],
};
