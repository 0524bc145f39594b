/**
 * Portuguese scenario texts: `scenario.<id>.title`, `.summary` and `.step.<stepId>`, translated
 * from the English in scenarios/*.ts. Placeholders ({ttlS}, {token}, ...) are the same as there.
 */
export const scenariosPt: Record<string, string> = {
  'scenario.bully.title': 'Algoritmo Bully (legado)',
  'scenario.bully.summary':
    'O node-5, o coordenador, está fora do ar. O node-1 percebe e envia ELECTION a todo id maior; cada nó vivo responde OK e inicia a sua própria eleição com os ids acima dele, até que o node-4 não ouça ninguém acima e se declare COORDINATOR. Funciona, mas ao custo de O(n^2) mensagens.',
  'scenario.bully.step.highest-leads':
    '{n} nós, e a regra é simples: o maior id vivo é o coordenador. Todos acreditam que é o {last}.',
  'scenario.bully.step.coordinator-down':
    'O {last} caiu. Os heartbeats dele param, mas ninguém consegue ainda distinguir um nó morto de um nó lento.',
  'scenario.bully.step.node-1-notices':
    'O node-1 está há {timeoutMs} ms sem ouvir nenhum heartbeat: conclui que o coordenador se foi.',
  'scenario.bully.step.election-up':
    'O node-1 envia ELECTION a todo id maior, inclusive ao {last}: quem envia não tem como saber quem está morto.',
  'scenario.bully.step.ok-back':
    'O {from} está vivo e tem id maior, então responde OK: o node-1 deve recuar e esperar um COORDINATOR.',
  'scenario.bully.step.elections-climb':
    'Cada nó que respondeu OK inicia a sua própria eleição com os ids acima dele. Os nós de baixo recebem OK de cima; o {secondLast} pergunta só ao {last}.',
  'scenario.bully.step.silence-above':
    'O {last} está fora do ar, então o ELECTION se perde. O {secondLast} espera {answerTimeoutMs} ms por um OK que nunca chega.',
  'scenario.bully.step.next-highest-coordinator':
    'Nenhuma resposta de cima: o {secondLast} é o maior id vivo. Ele envia COORDINATOR a todos os outros nós.',
  'scenario.bully.step.message-count':
    '{nodes} nós, uma falha: {messages} mensagens ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR). O pior caso cresce como n(n-1): cerca de 9.900 mensagens com 100 nós.',

  'scenario.etcd-lease.title': 'Eleição por lease (etcd)',
  'scenario.etcd-lease.summary':
    'O node-1 pega a chave de líder no etcd por compare-and-swap, presa a um lease (reserva com validade) que ele renova a cada 10 s. Ele cai; o lease expira 30 s depois da última renovação e o node-2 assume. O failover é limitado pelo TTL.',
  'scenario.etcd-lease.step.lease-granted':
    'O node-1 pede ao etcd um lease com TTL de {ttlS} s: uma reserva que só vale enquanto for renovada.',
  'scenario.etcd-lease.step.campaign-won':
    'O node-1 cria a chave de líder com um compare-and-swap: “só se ninguém a tiver”. Ele lidera, com o fencing token {token}.',
  'scenario.etcd-lease.step.campaign-lost':
    'O node-2 tenta o mesmo swap e falha: a chave está ocupada. Ele fica como seguidor e tenta de novo a cada {retryMs} ms.',
  'scenario.etcd-lease.step.renewal':
    'A cada {renewS} s o node-1 renova o seu lease. Cada renovação reinicia a contagem de {ttlS} s no etcd.',
  'scenario.etcd-lease.step.crash': 'O node-1 cai. Ninguém avisa o etcd: as renovações simplesmente param.',
  'scenario.etcd-lease.step.leaderless':
    'O node-2 continua tentando, mas a chave ainda está presa ao lease do node-1. Um TTL de {ttlS} s significa até {ttlS} s sem líder.',
  'scenario.etcd-lease.step.lease-expires':
    '{ttlS} s depois que a última renovação chegou, o lease expira e o etcd apaga junto com ele a chave de líder.',
  'scenario.etcd-lease.step.node-2-leads':
    'A próxima tentativa do node-2 dá certo: ele lidera com o token {token}. O failover levou o TTL mais no máximo uma nova tentativa.',
  'scenario.etcd-lease.step.node-2-writes':
    'Agora o node-2 faz o trabalho. Kubernetes, Patroni e ClickHouse Keeper elegem líderes deste mesmo jeito.',

  'scenario.split-brain.title': 'Split-brain sem quórum',
  'scenario.split-brain.summary':
    'Eleição só por heartbeat, sem quórum. Uma partição de rede separa {node-1, node-2} de {node-3, node-4, node-5}; cada lado elege o seu líder e os dois aceitam escritas: AMBOS ESCREVEM. Ligue o quórum e o lado minoritário não elege ninguém.',
  'scenario.split-brain.step.heartbeat-election':
    'Cinco nós elegem um líder por heartbeat: um nó que deixa de ouvir o líder pede votos aos outros, e lidera se votos suficientes disserem sim.',
  'scenario.split-brain.step.first-leader':
    'O {node} vence o termo {term} com {votes} de {cluster} votos. Ele envia HEARTBEAT a cada {heartbeatIntervalMs} ms e aceita escritas dos clientes.',
  'scenario.split-brain.step.partition':
    'Uma partição de rede isola o node-1 e o node-2 do node-3, do node-4 e do node-5.',
  'scenario.split-brain.step.majority-keeps-writing':
    'No lado maior nada parece errado: o node-5 ainda ouve os seus seguidores e continua aceitando escritas.',
  'scenario.split-brain.step.minority-candidate':
    'O {node} está há {timeoutMs} ms sem ouvir HEARTBEAT. Não tem como distinguir um líder morto de um inalcançável, então pede votos a todos.',
  'scenario.split-brain.step.minority-leader':
    'O {node} recebeu {votes} votos em {answered} respostas: a maioria dos nós que ele alcança. Sem quórum, isso basta, e ele passa a liderar no termo {term}.',
  'scenario.split-brain.step.both-write':
    'AMBOS ESCREVEM: {nodes} — cada um acredita ser o líder, e cada um aceitou escritas. As duas cópias dos dados divergem.',
  'scenario.split-brain.step.heal': 'A partição se desfaz e os dois lados voltam a se ouvir.',
  'scenario.split-brain.step.old-leader-deposed':
    'O {node} ouve um HEARTBEAT do {by} com o termo maior {newTerm} e deixa a liderança. O que ele aceitou durante a partição conflita com o que o {by} aceitou.',
  'scenario.split-brain.step.both-sides-led':
    'Heartbeats sozinhos não distinguem “o líder morreu” de “não consigo alcançá-lo”, e por isso os dois lados elegeram um líder. Ligue o quórum e um líder passa a precisar de 3 de 5 votos do cluster inteiro: aí o lado de dois nós não elege ninguém.',
  'scenario.split-brain.step.why-quorum':
    'Heartbeats sozinhos não distinguem “o líder morreu” de “não consigo alcançá-lo”. Com o quórum ligado, um líder precisa de 3 de 5 votos, e o lado de dois nós não elege ninguém.',

  'scenario.fencing-token.title': 'Fencing token',
  'scenario.fencing-token.summary':
    'O node-1 lidera com o token 42 e então congela numa pausa de GC mais longa que o seu lease. O node-3 assume com o token 43. Quando o node-1 acorda, a sua escrita atrasada ainda leva o 42, e o armazenamento a rejeita: 409 STALE TOKEN. É o fencing token (token de cerca).',
  'scenario.fencing-token.step.node-2-down':
    'Nesta história o node-2 está parado para manutenção, então o node-3 é o próximo da fila depois do node-1.',
  'scenario.fencing-token.step.token-42':
    'O node-1 pega a chave de líder, e a mesma transação incrementa o contador de tokens: ele lidera com o token {token}.',
  'scenario.fencing-token.step.lease-checked':
    'Chegou a hora do job do node-1. Primeiro ele confere o seu lease: faltam {remainingMs} ms, tempo de sobra. Ele começa a preparar a escrita.',
  'scenario.fencing-token.step.gc-pause':
    'Uma pausa de GC congela o node-1 por {durationMs} ms, mais que o TTL de {ttlS} s. Ele não consegue renovar, nem perceber.',
  'scenario.fencing-token.step.lease-expires':
    'O lease do node-1 expira e o etcd apaga a chave de líder. Para o cluster, o node-1 se foi.',
  'scenario.fencing-token.step.token-43':
    'A nova tentativa do node-3 ganha a chave e incrementa o contador: ele lidera com o token {token}.',
  'scenario.fencing-token.step.node-3-writes':
    'O node-3 escreve com o token {token}. O armazenamento guarda {token} como o maior token que já viu.',
  'scenario.fencing-token.step.node-1-wakes':
    'O node-1 acorda e continua de onde parou: a escrita que ele preparou sai com o token {token}.',
  'scenario.fencing-token.step.node-1-steps-down':
    'Só agora os timers do node-1 disparam: o prazo do seu lease passou há muito tempo, então ele deixa a liderança. Tarde demais para a escrita já enviada.',
  'scenario.fencing-token.step.stale-token':
    'O armazenamento já viu o token {seen}, então rejeita o token {token}: 409 STALE TOKEN. A verificação acontece onde os dados estão.',

  'scenario.patroni.title': 'Failover do Patroni atrás do HAProxy',
  'scenario.patroni.summary':
    'Cada nó Postgres roda um agente Patroni; a chave de líder /service/batman/leader fica no etcd com um lease de 30 s. O primário pg-1 morre: o HAProxy o marca como fora do ar, o lease expira, o pg-2 (a réplica mais saudável) ganha a chave, se promove numa nova timeline e o HAProxy manda as escritas dos clientes para ele.',
  'scenario.patroni.step.pg-1-bootstraps':
    'O pg-1 sobe primeiro: cria /service/batman/initialize e a chave de líder numa única transação do etcd, e assim roda como primário.',
  'scenario.patroni.step.writes-reach-pg-1':
    'Os INSERTs da aplicação passam pelo HAProxy até o pg-1, o único nó cujo health check /primary responde 200.',
  'scenario.patroni.step.pg-3-falls-behind':
    'O pg-3 perde a conexão de replicação com o pg-1: deixa de receber WAL e fica atrás do pg-2.',
  'scenario.patroni.step.pg-1-crashes':
    'O pg-1 cai, Postgres e agente Patroni juntos. Sua chave de líder fica no etcd até o lease acabar.',
  'scenario.patroni.step.haproxy-marks-pg-1-down':
    'O HAProxy marca o {backend} como fora do ar depois de {haproxyFall, plural, one {# verificação} other {# verificações}} sem resposta. Nenhum backend responde 200, então toda escrita de cliente falha agora.',
  'scenario.patroni.step.lease-expires':
    'O lease do pg-1 expira {ttlS} s depois da sua última renovação: o etcd apaga a chave de líder e a chave de membro do pg-1.',
  'scenario.patroni.step.pg-2-is-healthiest':
    'O pg-2 não encontra chave de líder. Pela API REST ele pergunta aos outros a posição do WAL ({answers}): ninguém está à frente do seu {lsn}, então ele disputa a chave.',
  'scenario.patroni.step.pg-2-promotes':
    'O pg-2 vence o compare-and-swap (criar só se a chave não existir) e executa pg_ctl promote.',
  'scenario.patroni.step.pg-2-is-primary':
    'O pg-2 é o primário gravável na timeline {token}. O pg-3 passa a segui-lo e recupera o atraso.',
  'scenario.patroni.step.writes-reach-pg-2':
    'Depois de {haproxyRise, plural, one {# verificação bem-sucedida} other {# verificações bem-sucedidas}}, o HAProxy marca o {backend} como no ar: as escritas dos clientes voltam a chegar, agora no novo primário.',
  'scenario.sandbox.title': 'Sandbox',
  'scenario.sandbox.summary':
    'Modo livre: um cluster saudável e nenhum roteiro. Escolha um algoritmo, injete falhas na posição do cursor, mexa nos parâmetros e acompanhe as métricas.',
  'scenario.sandbox.step.free-play':
    'Modo livre: clique com o botão direito ou aperte Enter num nó para injetar uma falha na posição do cursor. “Passo anterior” e “Próximo passo” saltam entre as suas falhas.',
  // twenty-instances
  'scenario.twenty-instances.title': 'Vinte instâncias, vinte e-mails',
  'scenario.twenty-instances.summary':
    'O job de cobrança das 3h foi escrito para uma instância. Agora são vinte, e nenhuma eleição: cada uma roda o job, cada cliente inadimplente recebe vinte e-mails, o banco leva vinte varreduras e a atualização de status acontece vinte vezes em paralelo.',
  'scenario.twenty-instances.tagline': 'Vinte instâncias sem eleição: o job noturno roda vinte vezes.',
  'scenario.twenty-instances.step.twenty-up':
    'São 2h59min50s. Vinte instâncias idênticas do serviço de cobrança estão no ar, cada uma com o mesmo job agendado para as 3h.',
  'scenario.twenty-instances.step.no-election':
    'Nada elege uma delas: o agendador de cada instância dispara por conta própria, como quando havia uma instância só.',
  'scenario.twenty-instances.step.one-wins':
    'Com a correção, cada instância disputa a linha de líder com UPDATE … SET token=token+1 WHERE token=0. O banco executa as disputas uma depois da outra: a do {node} altera a linha (UPDATE 1) e ele vira líder com o token {token}; as outras dezenove encontram token 1 e não alteram nada (UPDATE 0).',
  'scenario.twenty-instances.step.three-am':
    '3h. O {node} começa o job de cobrança, e as outras dezenove também: vinte varreduras idênticas das faturas em atraso chegam ao banco ao mesmo tempo.',
  'scenario.twenty-instances.step.leader-runs':
    '3h. O agendador de todas as instâncias dispara, mas só o líder, {node}, roda o job: uma única varredura das faturas.',
  'scenario.twenty-instances.step.twenty-updates':
    'Todas as vinte encontraram os mesmos clientes em atraso, então a atualização de status rodou vinte vezes em paralelo. As linhas dizem reminded_by {node}: quem chegou por último. O resultado depende da ordem.',
  'scenario.twenty-instances.step.twenty-emails':
    'Cada cliente inadimplente tem vinte e-mails de cobrança na fila. Rodar vinte vezes não é “mais resiliente”: algumas tarefas querem exclusividade, e ela precisa ser construída de propósito.',
  'scenario.twenty-instances.step.one-email':
    'Uma única atualização de status, protegida pelo token do líder: cada cliente inadimplente tem um e-mail. O líder renova o lease a cada poucos segundos; se ele morrer, o lease expira e outra instância assume o job.',
  // leader-flag
  'scenario.leader-flag.title': 'Flag de liderança sem expiração',
  'scenario.leader-flag.summary':
    'O líder é uma linha numa tabela, sem expiração. O node-1 a ocupa e morre com a flag marcada. Ninguém assume, e o job simplesmente para: sem erro, só ausência, até que um alarme sobre o próprio job avise que ele não roda há tempo demais.',
  'scenario.leader-flag.tagline': 'O líder morre com a flag marcada: o job para, e nada dá erro.',
  'scenario.leader-flag.step.flag-set':
    'Cinco instâncias leem a linha de líder e a disputam. O UPDATE do node-1 chega primeiro e a altera: node = node-1. As outras quatro recebem UPDATE 0 e seguem.',
  'scenario.leader-flag.step.job-runs':
    'Chegou a hora do job (a cada {jobEveryMs} ms aqui; na vida real, toda noite). Só o node-1, o líder, o executa: uma varredura, uma atualização de status, um e-mail por cliente.',
  'scenario.leader-flag.step.leader-dies': 'O node-1 morre, e a linha continua dizendo node = node-1.',
  'scenario.leader-flag.step.silence':
    'A flag nunca expira: os outros continuam lendo a linha e encontrando nela o node-1, um líder morto. O cargo fica ocupado por um cadáver. O job parou, e nada dá erro. Só o alarme sobre o próprio job dispara: ele não roda há mais de {jobAlarmMs} ms.',
  'scenario.leader-flag.step.job-again':
    'A linha expirou, então o {node} a tomou e roda o job de novo. Esta é a correção: um lease com TTL e renovação, para que a morte do líder libere o cargo sozinha.',
  'scenario.leader-flag.step.lesson':
    'Em produção, a descoberta vem dias depois, quando alguém nota que os relatórios pararam. Lease com TTL e renovação, sempre. E monitore a execução da tarefa, não a saúde do líder.',
  // update-without-token
  'scenario.update-without-token.title': 'UPDATE sem token',
  'scenario.update-without-token.summary':
    'Duas instâncias disputam uma linha de líder livre com UPDATE leader SET node = me WHERE TRUE. As duas instruções alteram a linha, as duas instâncias acham que venceram, e as duas rodam o job e escrevem: dois líderes.',
  'scenario.update-without-token.tagline':
    'UPDATE … WHERE TRUE: duas instâncias vencem a mesma linha de líder.',
  'scenario.update-without-token.step.both-read':
    'O node-1 e o node-2 sobem no mesmo instante. Cada um lê a linha de líder, e cada um a encontra livre: node é NULL.',
  'scenario.update-without-token.step.first-claim':
    'A disputa do {from} chega primeiro ao banco: {sql}. Ela altera a linha: UPDATE 1.',
  'scenario.update-without-token.step.second-claim':
    'Depois a do {from}: {sql}. Ela esperou o lock de linha da primeira, e o PostgreSQL reavalia o WHERE na linha como a primeira a deixou.',
  'scenario.update-without-token.step.two-leaders':
    'UPDATE 1 para os dois: o node-1 e o node-2 acham, cada um, que venceram. Nada no WHERE TRUE olhou para quem ocupava a linha.',
  'scenario.update-without-token.step.one-leader':
    'Com o token no WHERE, a segunda disputa encontra token 1, e não 0: UPDATE 0. O {node} sabe que perdeu, e há exatamente um líder.',
  'scenario.update-without-token.step.both-write':
    'Na hora do job, os dois líderes o executam, e o banco aceita as duas atualizações de status: cada cliente recebe dois e-mails. Dois líderes, os dois escrevendo.',
  'scenario.update-without-token.step.fenced-job':
    'Só o líder rodou o job, e o UPDATE dele levava o seu token: cada cliente recebeu um e-mail. UPDATE leader SET node=me, token=token+1 WHERE token=$current é a correção inteira, embora um lease pronto (etcd, o Lease do Kubernetes) seja melhor que um feito à mão.',
};
