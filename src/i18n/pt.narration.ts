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
  'narr.leaseExpired': 'O lease do {node} expira e o etcd apaga junto com ele a chave de líder.',
  'narr.leaseExpired.anon': 'O lease {lease} expira e o etcd apaga as chaves vinculadas a ele.',
  'narr.sessionExpired': 'A sessão 0x{session} expira e o ZooKeeper apaga os seus znodes efêmeros.',
  'narr.storage': 'armazenamento',
  'narr.writeRefused': 'O {resource} rejeita a escrita do {node}: {code}.',
  'narr.writeRefused.reason': 'O {resource} rejeita a escrita do {node}: {code} ({reason}).',
  'narr.writeRejected':
    'O {resource} rejeita a escrita do {node} com o token {token}: {code}, porque já viu o token {seen}.',
  'narr.fencingWindow':
    'A janela do fencing: o {newerNode} já lidera com o token {newer}, mas o {resource} ainda não o viu, então aceita a escrita do {node} com o token antigo {token}. Um recurso só pode recusar um token menor que um que já viu. É um aviso, não uma violação: a partir da primeira escrita do {newerNode}, o token {token} recebe 409.',
  'narr.staleAccepted':
    'A escrita obsoleta é aceita: {code} OK. O {resource} aceitou o token {token} do {node} depois do token {seen}, e agora guarda os dados do {node} por cima dos do {newer}.',
  'narr.violation.split-brain':
    'AMBOS ESCREVEM: {nodes} — cada um acredita ser o líder, e cada um teve escritas aceitas. As duas cópias dos dados divergem.',
  'narr.violation.two-lease-holders':
    'Dois donos do lease: a chave de líder passou entre {nodes} enquanto um deles ainda a tinha.',
  'narr.violation.two-leaders-in-term': 'Dois líderes no mesmo termo: {nodes}.',
  'narr.violation.leader-append-only':
    'O LÍDER REESCREVEU O LOG: {nodes} apagou entradas do próprio log enquanto liderava.',
  'narr.violation.log-matching':
    'OS LOGS DIVERGEM: {nodes} têm uma entrada com o mesmo índice e termo sobre históricos diferentes.',
  'narr.violation.leader-completeness':
    'UM LÍDER SEM UMA ENTRADA CONFIRMADA: {nodes} venceu uma eleição sem ter uma entrada que já estava confirmada.',
  'narr.violation.state-machine-safety':
    'UMA ENTRADA CONFIRMADA SE PERDEU: {nodes} aplicaram comandos diferentes no mesmo índice.',
  'narr.violation.leaderless': 'Tempo demais sem líder: {nodes}.',
  'narr.violation.job-not-running':
    'ALARME: o job não roda há mais tempo que o esperado. Nada falhou de forma visível: ele simplesmente parou.',
  'narr.noQuorum':
    'O {node} não consegue maioria: {votes} de {nodes} votos, e precisa de {needed}. Ninguém é eleito.',
  'narr.outcome': 'No fim da execução o {node} é o líder, desde {since} s.',
  'narr.outcome.token': 'No fim da execução o {node} é o líder com o fencing token {value}, desde {since} s.',
  'narr.outcome.term': 'No fim da execução o {node} é o líder no termo {value}, desde {since} s.',
  'narr.skipped.one': 'O passo {n} da história não acontece nesta execução. Em vez dele: {what}.',
  'narr.skipped.span':
    'Os passos {from}–{to} da história não acontecem nesta execução. Em vez deles: {what}.',
  'narr.skipped.at': '{what} (t = {at})',
  'narr.state': 'o {node} é o líder, desde {since} s',
  'narr.state.token': 'o {node} é o líder com o fencing token {value}, desde {since} s',
  'narr.state.term': 'o {node} é o líder no termo {value}, desde {since} s',
  'narr.state.none': 'ninguém é líder',
  'narr.state.many': '{nodes} acreditam, cada um, ser o líder',
  'narr.skipped':
    'Este passo da história não acontece nesta execução: os parâmetros ou as falhas mudaram o que acontece aqui.',
  'narr.outcome.none': 'No fim da execução ninguém é líder.',
  'narr.replayedSchedule':
    'Um escalonamento reproduzido a partir da sua lista de escolhas: cada sorteio e cada falha vêm da lista, não da semente, e o roteiro da história fica de fora. O que vem a seguir é lido desta execução, até o primeiro alarme.',
  'narr.outcome.many': 'No fim da execução, {nodes} acreditam, cada um, ser o líder.',
  'narr.outcome.lost': 'No fim da execução ninguém é líder: o {node}, último líder, caiu {ago} s antes.',
  'narration.alarm.stale': 'ESCRITA OBSOLETA ACEITA',
  'narration.alarm.staleDetail': 'O {resource} aceitou o token {token} do {node} depois do token {seen}',
  'narr.violation.one-job-run':
    'DUAS EXECUÇÕES AO MESMO TEMPO: uma execução do job começou enquanto outra ainda rodava; só o Forbid as mantém separadas.',
  'narr.violation.job-ran-twice':
    'O JOB RODOU DUAS VEZES: {nodes} rodaram o job, e um cliente recebeu um segundo e-mail de cobrança.',
  // skiplocked
  'narr.violation.duplicate-email':
    'E-MAIL DUPLICADO: o e-mail de um job foi enviado de novo ({nodes}); o primeiro saiu antes de um COMMIT que nunca chegou.',
  'narr.violation.job-committed-twice':
    'JOB COMMITADO DUAS VEZES: {nodes} commitou um job que já estava feito; nada travava a linha dele.',
  // A fault as the narration and the event log tell it (the fault table's wording, src/sim/faults).
  'log.fault.crash': '{node} CAIU',
  'log.fault.restart': '{node} reiniciou com a memória vazia',
  'log.fault.pause': '{node} pausado (GC) por {durationMs}',
  'log.fault.resume': '{node} voltou da pausa',
  'log.fault.partition': 'partição de rede: {groups}',
  'log.storeBothSides': '{stores} acessível dos dois lados',
  'log.fault.heal': 'rede restabelecida',
  'log.fault.isolate.all': '{node} isolado de todos os hosts',
  'log.fault.isolate.store': '{node} isolado do store',
  'log.fault.rejoin': '{node} alcançável de novo',
  'log.fault.cut-link': 'enlace {a} ↔ {b} cortado',
  'log.fault.restore-link': 'enlace {a} ↔ {b} restabelecido',
  'log.fault.delay-link': 'enlace {a} ↔ {b} atrasado em {extraMs}',
  'log.fault.clock-drift': 'o relógio de {node} anda a {rate}×',
  'log.fault.store-unavailable': '{node} indisponível (quórum perdido) por {durationMs}',
  'log.fault.kill': 'processos de {node} MORTOS (host no ar: conexões recusadas)',
  'log.fault.cut-oneway': 'enlace {from} → {to} cortado num sentido',
  'log.fault.clock-skew.ahead': 'o relógio de parede de {node} salta e passa a estar {stepMs} adiantado',
  'log.fault.clock-skew.behind': 'o relógio de parede de {node} salta e passa a estar {stepMs} atrasado',
  'log.fault.clock-skew.true': 'o relógio de parede de {node} volta à hora certa',
  'log.fault.server.kill': '{node}: servidor {server} MORTO (as conexões dos clientes dele caem)',
  'log.fault.server.restart': '{node}: servidor {server} reiniciado',
  'log.fault.server.stop': '{node}: servidor {server} parado (as conexões dele ficam sem resposta)',
  'log.fault.server.resume': '{node}: servidor {server} retomado',
  'log.fault.member.kill': '{node}: {member} MORTO (as conexões dos clientes dele caem)',
  'log.fault.member.restart': '{node}: {member} reiniciado',
  'log.fault.member.stop': '{node}: {member} parado (as conexões dele ficam sem resposta)',
  'log.fault.member.resume': '{node}: {member} retomado',
  'log.fault.add-server': 'o operador pede ao cluster que adicione o {node}',
  'log.fault.remove-server': 'o operador pede ao cluster que remova o {node}',
  'narr.configAdd':
    'O {node}, líder, anexa no índice {index} uma entrada de configuração que adiciona o {server}. Cada servidor passa a usá-la assim que ela está no seu log, confirmada ou não: o cluster agora é {members}, e a maioria é {majority} de {size}.',
  'narr.configRemove':
    'O {node}, líder, anexa no índice {index} uma entrada de configuração que remove o {server}. Cada servidor passa a usá-la assim que ela está no seu log: o cluster agora é {members}, e a maioria é {majority} de {size}.',
  'narr.configCommit':
    'A entrada de configuração do índice {index} está confirmada numa maioria de {members}. Só agora o líder pode aceitar a próxima mudança.',
  'narr.configStepDown':
    'O {node} não está na configuração que acabou de confirmar: deixa a liderança e não inicia eleição. Os outros elegem um líder entre si.',
  'narr.configRefused.pending':
    'O {node} recusa a mudança {change}: a entrada de configuração anterior ainda não foi confirmada. Uma mudança por vez.',
  'narr.configRefused.term':
    'O {node} recusa a mudança {change}: ainda não confirmou nenhuma entrada do próprio termo, e uma mudança antiga não confirmada ainda pode prevalecer.',
  'narr.configRefused.no-change': 'O {node} recusa a mudança {change}: a configuração não mudaria.',
  'narr.configRefused.last': 'O {node} recusa remover o {server}: é o último servidor do cluster.',
  'log.fault.agent.stop': '{node}: agente de HA PARADO (SIGSTOP), o banco de dados dele continua rodando',
  'log.fault.agent.resume': '{node}: agente de HA retomado',
};
