/** Legendas derivadas do trace (src/sim/trace/derive.ts); veja en.narration.ts. */
export const ptNarration: Record<string, string> = {
  'narr.leader': 'Agora o {node} é o líder.',
  'narr.leader.token': 'Agora o {node} é o líder, com o fencing token {value}.',
  'narr.leader.term': 'Agora o {node} é o líder, no termo {value}.',
  'narr.failover.leader': 'O {node} assume no lugar do {from}: o failover levou {seconds} s.',
  'narr.failover.leader.token':
    'O {node} assume no lugar do {from} com o fencing token {value}: o failover levou {seconds} s.',
  'narr.failover.leader.term':
    'O {node} assume no lugar do {from} no termo {value}: o failover levou {seconds} s.',
  'narr.leaseExpired': 'O etcd expira o lease do {node} e apaga a chave de líder junto com ele.',
  'narr.leaseExpired.anon': 'O etcd expira o lease {lease} e apaga as chaves presas a ele.',
  'narr.writeRejected':
    'O {resource} recusa a escrita do {node} com token {token}: {code}, ele já viu o {seen}.',
  'narr.staleAccepted':
    'A escrita atrasada é aceita: {code} OK. O {resource} aceitou o token {token} do {node} depois do token {seen}, e agora guarda os dados do {node} por cima dos do {newer}.',
  'narr.violation.split-brain':
    'BOTH WRITE: {nodes} acham que são líderes, e os dois tiveram escritas aceitas. As duas cópias dos dados divergem.',
  'narr.violation.two-lease-holders':
    'Dois donos do lease: a chave de líder passou entre {nodes} enquanto um deles ainda a tinha.',
  'narr.violation.two-leaders-in-term': 'Dois líderes no mesmo termo: {nodes}.',
  'narr.violation.leaderless': 'Tempo demais sem líder: {nodes}.',
  'narr.noQuorum':
    'O {node} não consegue maioria: {votes} de {nodes} votos, e precisa de {needed}. Ninguém é eleito.',
  'narr.outcome': 'No fim da execução o {node} é o líder, desde {since} s.',
  'narr.outcome.token': 'No fim da execução o {node} é o líder com o fencing token {value}, desde {since} s.',
  'narr.outcome.term': 'No fim da execução o {node} é o líder no termo {value}, desde {since} s.',
  'narr.outcome.none': 'No fim da execução ninguém é líder.',
  'narr.outcome.many': 'No fim da execução {nodes} acham, cada um, que são o líder.',
  'narr.outcome.lost': 'No fim da execução ninguém é líder: o {node}, último líder, caiu {ago} s antes.',
  'narration.alarm.stale': 'ESCRITA ATRASADA ACEITA',
  'narration.alarm.staleDetail': 'O {resource} aceitou o token {token} do {node} depois do token {seen}',
};
