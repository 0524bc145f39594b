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
  // catalogue taglines of the five stories and the sandbox
  'scenario.bully.tagline': 'O coordenador cai; o maior id vivo assume, com O(n²) mensagens.',
  'scenario.etcd-lease.tagline':
    'O líder segura um lease no etcd; quando ele morre, o TTL decide quando outro assume.',
  'scenario.split-brain.tagline':
    'Heartbeats sem quórum: uma partição deixa dois líderes escrevendo ao mesmo tempo.',
  'scenario.fencing-token.tagline':
    'Um líder acorda de uma pausa de GC e escreve; o armazenamento recusa o token antigo: 409.',
  'scenario.patroni.tagline':
    'O primário PostgreSQL cai; o Patroni promove uma réplica e o HAProxy leva o tráfego para ela.',
  'scenario.sandbox.tagline':
    'Modo livre: escolha um algoritmo, injete falhas, mexa nos parâmetros, leia as métricas.',
  // lease-no-fencing
  'scenario.lease-no-fencing.title': 'Lease sem fencing',
  'scenario.lease-no-fencing.summary':
    'O node-1 lidera com um lease de 30 s e congela numa pausa de GC logo depois de conferi-lo. O lease expira, o node-3 é eleito e escreve. O node-1 acorda e envia a escrita que tinha preparado, com o token antigo 42. O armazenamento não confere tokens: aceita a escrita e termina guardando o valor do líder deposto. Mostrar a correção: o armazenamento confere o token e responde 409.',
  'scenario.lease-no-fencing.tagline':
    'Uma pausa de GC dura mais que o lease; a escrita do líder deposto cai por cima da do novo.',
  'scenario.lease-no-fencing.step.node-2-down':
    'Nesta história o node-2 está parado para manutenção, então o node-3 é o próximo da fila depois do node-1.',
  'scenario.lease-no-fencing.step.token-42':
    'O node-1 pega a chave de líder com um lease de {ttlS} s, e a mesma transação lhe dá o token {token}. O armazenamento lá embaixo não confere tokens.',
  'scenario.lease-no-fencing.step.lease-checked':
    'Chegou a hora do job do node-1. Ele confere o seu lease (faltam {remainingMs} ms) e começa a preparar a escrita.',
  'scenario.lease-no-fencing.step.gc-pause':
    'Uma pausa de GC congela o node-1 por {durationMs} ms, mais que o TTL de {ttlS} s. Ele não consegue renovar, nem perceber.',
  'scenario.lease-no-fencing.step.lease-expires':
    'O lease cumpre o seu papel: o etcd o expira e apaga a chave de líder. Para o cluster, o node-1 sumiu.',
  'scenario.lease-no-fencing.step.token-43':
    'O node-3 ganha a chave, corretamente: lidera com o token {token}.',
  'scenario.lease-no-fencing.step.node-3-writes':
    'O node-3 grava o seu relatório {value} com o token {token}. O armazenamento guarda {value}.',
  'scenario.lease-no-fencing.step.node-1-wakes':
    'O node-1 acorda, convicto de que ainda é o líder, e continua exatamente de onde parou: a escrita que preparou sai com o token {token}.',
  'scenario.lease-no-fencing.step.stale-accepted':
    'O armazenamento já viu {seen} e aceita o token {token} mesmo assim: agora guarda {value}, a escrita do líder deposto por cima da do node-3. Nada falhou na eleição; o estrago está nos dados.',
  'scenario.lease-no-fencing.step.stale-rejected':
    'Com a correção o armazenamento confere o token: já viu {seen}, então o token {token} recebe 409 STALE TOKEN. Ele continua guardando o relatório do node-3.',
  // check-before-act
  'scenario.check-before-act.title': 'Verificar antes de agir',
  'scenario.check-before-act.summary':
    'O node-1 conferiu o seu lease uma vez, ao assumir, e daí em diante confia nele. Uma pausa de GC dura mais que o lease, o node-3 assume, e o node-1 acorda e escreve com o token antigo: aceito, porque o armazenamento não confere tokens. Mostrar a correção: o node-1 reconfere o lease antes de cada escrita e, em vez de escrever, deixa a liderança. A mesma história depois pausa o node-3 entre a conferência e a escrita, e essa escrita obsoleta passa de qualquer jeito: a conferência não substitui o fencing.',
  'scenario.check-before-act.tagline':
    'Reconferir o lease antes de cada escrita barra quase todas as escritas obsoletas, mas não uma pausa depois da conferência.',
  'scenario.check-before-act.step.node-2-down':
    'Nesta história o node-2 está parado para manutenção, então o node-3 é o próximo da fila depois do node-1.',
  'scenario.check-before-act.step.token-42':
    'O node-1 lidera com o token {token}. Conferiu o seu lease ao assumir e daí em diante confia nele: nenhuma conferência antes das escritas. O armazenamento não confere tokens.',
  'scenario.check-before-act.step.gc-pause-1':
    'Uma pausa de GC congela o node-1 por {durationMs} ms, logo antes da hora do seu job e por mais tempo que o TTL de {ttlS} s.',
  'scenario.check-before-act.step.token-43':
    'O lease do node-1 expira e o node-3 é eleito, corretamente, com o token {token}.',
  'scenario.check-before-act.step.node-3-writes':
    'O node-3 grava o seu relatório {value} com o token {token}.',
  'scenario.check-before-act.step.stale-unchecked':
    'O node-1 acorda e o job atrasado roda na hora. Ele nunca olha o lease: {value} sai com o token {token}, e o armazenamento aceita depois de {seen}. Uma conferência antes da escrita teria barrado esta.',
  'scenario.check-before-act.step.gc-pause-2':
    'Agora é o node-3 que congela, por {durationMs} ms, 10 ms depois de começar o job: já decidiu escrever, mas a escrita ainda não saiu.',
  'scenario.check-before-act.step.token-44':
    'O lease do node-3 expira e o node-4 é eleito com o token {token}, e escreve.',
  'scenario.check-before-act.step.stale-after-pause':
    'O node-3 acorda e a sua escrita sai com o token {token}; o armazenamento aceita depois de {seen} e agora guarda {value}, a escrita de um líder deposto.',
  'scenario.check-before-act.step.token-42-checks':
    'O node-1 lidera com o token {token}. Com a correção ele reconfere o lease antes de cada escrita, não uma vez ao assumir. O armazenamento continua sem conferir tokens.',
  'scenario.check-before-act.step.check-stops-it':
    'O node-1 acorda e, antes que o job atrasado escreva, confere o lease: o prazo passou faz tempo, então ele deixa a liderança sem escrever. Esta escrita obsoleta não acontece.',
  'scenario.check-before-act.step.check-too-early':
    'O node-3 acorda e a escrita que ele já tinha conferido sai com o token {token}: aceita depois de {seen}, o armazenamento agora guarda {value}. A conferência veio antes da pausa, então não tinha como barrar esta. Só o armazenamento pode: é por isso que o fencing continua necessário.',
};
