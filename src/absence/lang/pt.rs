//! Portuguese (Portugal and Brazil).

use super::Words;

pub static WORDS: Words = Words {
    month_first: false,
    subject_auto: &["resposta automatica", "resposta automatica:"],
    subject_away: &["ausencia", "ausente", "fora do escritorio", "ferias"],
    subject_not_away: &["nao entregue", "nao foi possivel entregar", "falha na entrega", "lida:"],
    away: &[
        "ausente", "de ferias", "em ferias", "fora do escritorio", "em licenca", "licenca maternidade",
        "licenca paternidade", "em viagem", "estou fora", "estarei fora", "estou de ferias",
    ],
    notice: &[
        "no meu regresso", "no meu retorno", "quando retornar", "assim que retornar",
        "acesso limitado", "acesso restrito", "sem acesso", "nao sera reencaminhada",
        "nao sera encaminhada", "em caso de urgencia", "para assuntos urgentes", "responderei",
        "por favor contacte", "por favor entre em contato",
    ],
    chat: &["mas podemos", "pode ser", "podemos marcar", "vamos conversar", "que tal", "nao temos interesse", "funciona para mim", "respondo ja", "eu posso ajudar"],
    not_away: &["nao faz mais parte", "nao trabalha mais", "recebemos o seu", "recebemos a sua", "seu pedido", "o seu pedido"],
    months: [
        &["janeiro", "jan"], &["fevereiro", "fev"], &["marco", "mar"], &["abril", "abr"],
        &["maio", "mai"], &["junho", "jun"], &["julho", "jul"], &["agosto", "ago"],
        &["setembro", "set"], &["outubro"], &["novembro", "nov"], &["dezembro", "dez"],
    ],
    weekdays: [
        &["segunda"], &["terca"], &["quarta"], &["quinta"], &["sexta"], &["sabado"], &["domingo"],
    ],
    tomorrow: &["amanha"],
    next_week: &[&["proxima", "semana"]],
    until: &["ate", "a", "e"],
    back: &["volto", "regresso", "retorno", "retornar", "regressarei"],
};
