/** Node Tags (managers): labels with a colour for a company's nodes. */
export const nodeTags = {
  'nodeTags.title': 'Node Tags',
  'nodeTags.intro': 'Labels to group nodes by, such as “Vaccines” or “Ward 3”. A tag in use cannot be deleted.',
  'nodeTags.name': 'Name',
  'nodeTags.colour': 'Colour',
  'nodeTags.nodeCount': 'Nodes',
  'nodeTags.new': 'New node tag',
  'nodeTags.edit': 'Edit node tag',
  'nodeTags.table': 'Node tags',
} as const;
