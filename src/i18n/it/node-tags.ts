/** Node Tags (managers): labels with a colour for a company's nodes. */
export const nodeTags = {
  'nodeTags.title': 'Etichette dei nodi',
  'nodeTags.intro': 'Etichette per raggruppare i nodi, come «Vaccini» o «Reparto 3». Un’etichetta in uso non può essere eliminata.',
  'nodeTags.name': 'Nome',
  'nodeTags.colour': 'Colore',
  'nodeTags.nodeCount': 'Nodi',
  'nodeTags.new': 'Nuova etichetta per i nodi',
  'nodeTags.edit': 'Modificare l’etichetta per i nodi',
  'nodeTags.table': 'Etichette dei nodi',
} as const;
