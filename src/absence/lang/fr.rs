//! French.

use super::Words;

pub static WORDS: Words = Words {
    month_first: false,
    subject_auto: &["reponse automatique", "message automatique"],
    subject_away: &["absence", "absent", "absente", "absent(e)", "absence du bureau", "conges"],
    subject_not_away: &["non remis", "non distribuable", "echec de la remise", "lu :", "lu:"],
    away: &[
        "absent", "absente", "en conges", "en conge", "en vacances", "en deplacement",
        "hors du bureau", "en arret maladie", "arret maladie", "de retour le", "serai de retour",
        "conge maternite", "conge paternite", "conge parental", "en formation",
    ],
    notice: &[
        "a mon retour", "des mon retour", "lors de mon retour", "acces limite", "sans acces",
        "ne sera pas transfere", "ne sera pas lu", "en cas d'urgence", "pour toute urgence",
        "je prendrai connaissance", "je vous repondrai", "je repondrai", "je traiterai", "ne pourrai pas consulter",
        "merci de votre comprehension", "merci de contacter", "merci de vous adresser",
    ],
    chat: &[
        "mais je", "cela vous convient", "proposons", "discutons", "oui", "envoyez moi",
        "appelez moi", "c'est parfait", "vous etes disponible", "pas interesse",
        "je vous reponds",
    ],
    not_away: &["ne fait plus partie", "a quitte", "bien recu votre demande", "votre commande", "sous 48 heures"],
    months: [
        &["janvier", "janv", "jan"], &["fevrier", "fevr", "fev"], &["mars"], &["avril", "avr"],
        &["mai"], &["juin"], &["juillet", "juil"], &["aout"], &["septembre", "sept"],
        &["octobre", "oct"], &["novembre", "nov"], &["decembre", "dec"],
    ],
    weekdays: [
        &["lundi"], &["mardi"], &["mercredi"], &["jeudi"], &["vendredi"], &["samedi"],
        &["dimanche"],
    ],
    tomorrow: &["demain"],
    next_week: &[&["semaine", "prochaine"]],
    until: &["jusqu'au", "jusqu'a", "jusqu'à", "au"],
    back: &["retour", "reviens", "reprise", "rentre", "avant"],
};
