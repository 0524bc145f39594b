/**
 * Portuguese scenario texts: `scenario.<id>.title`, `.summary` and `.step.<stepId>`, translated
 * from the English in scenarios/*.ts. Placeholders ({ttlS}, {token}, ...) are the same as there.
 */
export const scenariosPt: Record<string, string> = {
  'scenario.bully.title': 'Algoritmo Bully (legado)',
  'scenario.bully.summary':
    'O node-5, o coordenador, está fora do ar. O node-1 percebe e envia ELECTION a todo id maior; cada nó vivo responde OK e inicia a sua própria eleição com os ids acima dele, até que o node-4 não ouça ninguém acima e se declare COORDINATOR. Funciona, mas ao custo de O(n^2) mensagens.',
  'scenario.bully.step.highest-leads':
    '{n, plural, one {# nó} other {# nós}}, e a regra é simples: o maior id vivo é o coordenador. Todos acreditam que é o {last}.',
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
    '{nodes, plural, one {# nó} other {# nós}}, uma falha: {messages, plural, one {# mensagem} other {# mensagens}} ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR). O pior caso cresce como n(n-1): cerca de 9.900 mensagens com 100 nós.',

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
    'Agora o node-2 faz o trabalho. O Patroni sobre etcd guarda a sua chave de líder do mesmo jeito, sob um lease. Um Lease do Kubernetes é diferente: nada no servidor o faz expirar, e são os standbys que julgam a idade dele, cada um pelo seu relógio.',

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
    'Chegou a hora do job do node-1. Primeiro ele confere o seu lease: faltam {remainingMs} ms, tempo de sobra. Ele começa a preparar a escrita. Essa conta é dele: ele confia no lease por {ttlS} s × (1 − {driftMarginRatio}) a partir do envio do último keepalive, uma margem para o desvio do relógio, por isso a contagem do etcd no painel mostra mais.',
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
    'Cada nó Postgres roda um agente Patroni; a chave de líder /service/batman/leader fica no etcd com um lease de 30 s. Os processos do primário pg-1 são mortos com o host no ar: seus health checks recusados o tiram do HAProxy em segundos, o lease expira, o watch do etcd acorda as réplicas na hora, o pg-2 (a réplica mais saudável) ganha a chave, se promove numa nova timeline e o HAProxy manda as escritas dos clientes para ele.',
  'scenario.patroni.step.pg-1-bootstraps':
    'O pg-1 sobe primeiro: cria /service/batman/initialize e a chave de líder, e assim roda como primário. (O Patroni cria as duas uma depois da outra; este modelo faz as duas numa única transação do etcd, um atalho.)',
  'scenario.patroni.step.writes-reach-pg-1':
    'Os INSERTs da aplicação passam pelo HAProxy até o pg-1, o único nó cujo health check /primary responde 200.',
  'scenario.patroni.step.pg-3-falls-behind':
    'O pg-3 perde a conexão de replicação com o pg-1: deixa de receber WAL e fica atrás do pg-2.',
  'scenario.patroni.step.pg-1-crashes':
    'O pg-1 cai, Postgres e agente Patroni juntos. Sua chave de líder fica no etcd até o lease acabar.',
  'scenario.patroni.step.haproxy-marks-pg-1-down':
    'O HAProxy marca o {backend} como fora do ar depois de {haproxyFall, plural, one {# verificação} other {# verificações}} sem resposta. Nenhum backend responde 200, então toda escrita de cliente falha agora.',
  'scenario.patroni.step.refused-not-silent':
    'Como o HAProxy soube: os processos do pg-1 foram mortos, mas o host está no ar, então o kernel recusa toda conexão na hora e cada verificação falha em uma ida e volta: {haproxyFall, plural, one {# delas} other {# delas}}, com {haproxyInterMs} ms de intervalo (cada backend no seu próprio ritmo), bastam. Se o host tivesse apagado (a falha Derrubar), cada verificação teria de esgotar o tempo primeiro. Até agora o HAProxy ainda mandava novas conexões de clientes para o pg-1 e tentava de novo duas vezes cada conexão recusada; a aplicação desistia no seu connect timeout de {clientConnectTimeoutMs} ms. Daqui em diante as novas conexões são fechadas na hora.',
  'scenario.patroni.step.lease-expires':
    'O lease do pg-1 expira {ttlS} s depois da sua última renovação: o etcd apaga a chave de líder e a chave de membro do pg-1.',
  'scenario.patroni.step.watch-fires':
    'O pg-2 e o pg-3 observam as chaves do cluster no etcd. O DELETE da chave de líder (revisão {revision}) chega a eles na hora e acorda os seus loops de HA agora, e não no próximo tique de loop_wait, até {loopWaitS} s depois.',
  'scenario.patroni.step.pg-2-is-healthiest':
    'O pg-2 não encontra chave de líder. Pela API REST ele pergunta aos outros a posição do WAL ({answers}): ninguém está à frente do seu {lsn}, então ele disputa a chave.',
  'scenario.patroni.step.pg-2-promotes':
    'O pg-2 vence o compare-and-swap (criar só se a chave não existir) e executa pg_ctl promote.',
  'scenario.patroni.step.pg-2-is-primary':
    'O pg-2 é o primário gravável na timeline {token}. O pg-3 ainda está no seu próprio ciclo de HA: vai ver que o pg-2 está à frente dele e passar a segui-lo logo depois.',
  'scenario.patroni.step.writes-reach-pg-2':
    'Depois de {haproxyRise, plural, one {# verificação bem-sucedida} other {# verificações bem-sucedidas}}, o HAProxy marca o {backend} como no ar: as escritas dos clientes voltam a chegar, agora no novo primário. O pg-3 já replica a partir dele.',
  'scenario.sandbox.title': 'Sandbox',
  'scenario.sandbox.summary':
    'Modo livre: um cluster saudável e nenhum roteiro. Escolha um algoritmo, injete falhas na posição do cursor, mexa nos parâmetros e acompanhe as métricas.',
  'scenario.sandbox.step.free-play':
    'Modo livre: clique com o botão direito ou aperte Enter num nó para injetar uma falha na posição do cursor. “Passo anterior” e “Próximo passo” saltam entre as suas falhas.',

  // heartbeat-no-confirm
  'scenario.heartbeat-no-confirm.title': 'Heartbeat sem confirmação',
  'scenario.heartbeat-no-confirm.summary':
    'O node-1 lidera por um lease no etcd e recebe escritas no seu próprio banco. Os seus keepalives começam a se perder no caminho até o etcd, mas ele nunca confere se o etcd os confirmou. O lease expira, o node-4 assume, e o node-1 continua escrevendo: dois primários. A correção: deixar a liderança quando nenhuma renovação é confirmada dentro do prazo de renovação.',
  'scenario.heartbeat-no-confirm.tagline':
    'Um líder que nunca confere se os seus keepalives foram confirmados continua escrevendo depois que o lease acabou.',
  'scenario.heartbeat-no-confirm.step.primary-on-a-lease':
    'Cinco nós de banco de dados elegem o primário por uma chave no etcd, presa a um lease de {ttlS} s que o dono renova a cada {renewS} s. O primário recebe as escritas na sua própria cópia dos dados.',
  'scenario.heartbeat-no-confirm.step.node-1-leads':
    'O node-1 pega a chave de líder com o token {token}. Ele é o primário e aceita escritas.',
  'scenario.heartbeat-no-confirm.step.keepalives-lost':
    'A partir de agora, tudo o que o node-1 envia ao etcd se perde no caminho: uma falha num sentido só. Os keepalives continuam saindo na hora, mas nenhum chega, então nenhuma resposta volta.',
  'scenario.heartbeat-no-confirm.step.renew-deadline':
    'Com a correção, só um keepalive confirmado renova. Nenhum foi confirmado dentro do prazo de renovação, uma parte do TTL de {ttlS} s, então o node-1 para de escrever e deixa a liderança enquanto o etcd ainda guarda o seu lease.',
  'scenario.heartbeat-no-confirm.step.never-checks':
    'O node-1 conta cada keepalive que envia como uma renovação. Ele nunca confere se o etcd confirmou algum, então acredita que o lease está em dia e continua escrevendo.',
  'scenario.heartbeat-no-confirm.step.lease-expires':
    'O etcd passou {ttlS} s sem ouvir o node-1: o lease expira e a chave de líder é apagada.',
  'scenario.heartbeat-no-confirm.step.second-leader':
    'O {node} pega a chave livre com o token {token} e começa a aceitar escritas como o novo primário.',
  'scenario.heartbeat-no-confirm.step.both-write':
    'AMBOS ESCREVEM: {nodes} acreditam ser o primário, e cada um aceitou escritas na sua própria cópia. Os dados divergem.',
  'scenario.heartbeat-no-confirm.step.link-restored':
    'O enlace é consertado: os pacotes do node-1 voltam a chegar ao etcd.',
  'scenario.heartbeat-no-confirm.step.ttl-zero':
    'O próximo keepalive do node-1 chega ao etcd, que responde TTL 0: aquele lease não existe mais. Só agora o node-1 deixa a liderança, depois de muitos segundos de escritas que o novo primário nunca viu.',
  'scenario.heartbeat-no-confirm.step.why-confirm':
    'Keepalive enviado não é keepalive confirmado. Ligue a correção: só um keepalive respondido renova, e um líder sem renovação confirmada dentro do prazo de renovação sai antes que o lease possa expirar.',
  'scenario.heartbeat-no-confirm.step.one-primary':
    'Um primário de cada vez: o node-1 desistiu antes que o seu lease pudesse expirar, porque contou só as renovações confirmadas (o RenewDeadline do client-go, a sessão do etcd). As mesmas falhas, e nenhuma segunda cópia dos dados.',

  // gossip-leader
  'scenario.gossip-leader.title': 'Líder por gossip',
  'scenario.gossip-leader.summary':
    'Cinco nós de banco de dados espalham quem lidera por gossip, sem store e sem votos. Quando o líder cai, dois nós suspeitam dele na mesma rodada e cada um reivindica a liderança: os dois recebem escritas até que a rodada seguinte conte a um deles sobre o outro. Serve para service discovery, é um desastre para um banco de dados primário. A correção: um lease no etcd.',
  'scenario.gossip-leader.tagline':
    'O gossip espalha a liderança aos poucos: entre uma rodada e outra, dois nós lideram, e o banco ganha dois primários.',
  'scenario.gossip-leader.step.gossip-views':
    'Cinco nós de banco de dados e nenhum store de coordenação. A cada {gossipIntervalMs} ms, cada nó envia a {fanout} pares sorteados a sua visão de quem lidera, do jeito que o service discovery espalha a lista de membros.',
  'scenario.gossip-leader.step.first-claim':
    'O node-1 não ouviu falar de nenhum líder, então reivindica a época {epoch} e passa a liderar: ninguém é consultado. A reivindicação chega a alguns pares por rodada, e eles a repassam.',
  'scenario.gossip-leader.step.leader-crashes':
    'O node-1 cai. Nada anuncia isso: o contador de heartbeat que ele espalhava pelo gossip simplesmente para de subir.',
  'scenario.gossip-leader.step.first-claimant':
    'O {node} não vê heartbeat novo do node-1 há {suspectTimeoutMs} ms. Ele reivindica a época {epoch} e começa a receber escritas como primário.',
  'scenario.gossip-leader.step.second-claimant':
    'Antes que essa reivindicação chegue até ele, o {node} também suspeita do node-1 e reivindica a época {epoch}. Entre duas rodadas de gossip, dois nós acreditam que lideram.',
  'scenario.gossip-leader.step.both-write':
    'AMBOS ESCREVEM: {nodes} aceitaram escritas nas suas próprias cópias. Para service discovery isso seria inofensivo: o cliente pergunta de novo e chega a quem lidera agora. Para um banco de dados primário, as cópias divergem.',
  'scenario.gossip-leader.step.yields':
    'Uma rodada de gossip leva a reivindicação do {to} até o {node}: a mesma época, de um id menor, então o {node} cede. As visões convergem, mas as escritas que o {node} recebeu existem só na cópia dele.',
  'scenario.gossip-leader.step.why-lease':
    'O gossip só torna a liderança consistente com o tempo: quanto tempo dois nós lideram depende da rodada e do fanout, e nada garante que seja zero. Ligue a correção: um lease no etcd, que um nó de cada vez pode ter.',
  'scenario.gossip-leader.step.lucky-rounds':
    'Desta vez as reivindicações não se sobrepuseram o bastante para os dois escreverem, mas nada no gossip impede isso: ele só faz as visões concordarem com o tempo. Ligue a correção: um lease no etcd, que um nó de cada vez pode ter.',
  'scenario.gossip-leader.step.lease-start':
    'A correção: os mesmos cinco nós de banco de dados elegem o primário por uma chave no etcd, presa a um lease de {ttlS} s. Só quem tem a chave recebe escritas.',
  'scenario.gossip-leader.step.lease-holder':
    'O node-1 pega a chave com o token {token} e é o único primário.',
  'scenario.gossip-leader.step.lease-holder-crashes':
    'O node-1 cai, como na execução com gossip. O lease dele mantém a chave por até {ttlS} s.',
  'scenario.gossip-leader.step.lease-expires':
    'O etcd passou {ttlS} s sem receber keepalive: o lease expira e a chave fica livre.',
  'scenario.gossip-leader.step.one-new-leader':
    'O {node} pega a chave com o token {token}. Os outros também tentam, mas o compare-and-swap deixa só um deles vencer.',
  'scenario.gossip-leader.step.one-at-a-time':
    'Um primário de cada vez: é o store que decide quem lidera, então nunca dois nós acreditam nisso ao mesmo tempo. O preço é esperar o lease expirar, e um store que precisa ficar no ar.',
  // kubernetes-lease
  'scenario.kubernetes-lease.title': 'Lease do Kubernetes (client-go)',
  'scenario.kubernetes-lease.summary':
    'Três instâncias do kube-controller-manager dividem um único objeto Lease no API server. O líder cai; passado o leaseDuration, os dois standbys tentam tomar o Lease com o mesmo resourceVersion, um recebe 409 Conflict e o outro passa a liderar com leaseTransitions + 1.',
  'scenario.kubernetes-lease.tagline':
    'O leaderelection do client-go num Lease: compare-and-swap no resourceVersion, 409 Conflict e leaseTransitions como token.',
  'scenario.kubernetes-lease.step.lease-created':
    'O node-1 sobe primeiro. O GET não encontra Lease (404), então ele faz CREATE de kube-system/kube-controller-manager com holderIdentity {identity} (hostname e um uuid sorteado na partida) e leaseTransitions {leaseTransitions}. O API server guarda o objeto no etcd; o resourceVersion {resourceVersion} é a revisão do etcd dessa escrita.',
  'scenario.kubernetes-lease.step.standby-polls':
    'O node-2 sobe como standby. Faz GET do Lease, vê que o node-1 é o dono e guarda o registro e a hora no próprio relógio (observedTime). Tenta de novo depois de uma espera com jitter de {retryPeriodS} s × 1 a 2,2.',
  'scenario.kubernetes-lease.step.renewal':
    'A cada {retryPeriodS} s o node-1 renova: um UPDATE com um renewTime novo e o resourceVersion que leu por último ({resourceVersion}). Cada standby que vê o registro mudar recomeça a própria contagem.',
  'scenario.kubernetes-lease.step.leader-crashes':
    'O node-1, o líder, cai. O Lease continua com o nome dele: ninguém o apaga, ele só para de mudar.',
  'scenario.kubernetes-lease.step.expired':
    'Faz {unchangedForMs} ms, no relógio do {node}, que o Lease não muda, mais que o leaseDuration ({leaseDurationS} s). Ele conta a partir de quando viu o registro mudar, e não do renewTime, então os relógios não precisam concordar. Ele envia um UPDATE com resourceVersion {resourceVersion}.',
  'scenario.kubernetes-lease.step.takes-over':
    'O UPDATE do {node} chegou primeiro e ele passa a liderar: gravou a própria holderIdentity e subiu leaseTransitions para {token}. Cada troca de dono soma exatamente um, então o número serve de fencing token.',
  'scenario.kubernetes-lease.step.conflict':
    'O {node} tinha lido o mesmo resourceVersion {resourceVersion} e mandou o UPDATE um instante depois. O Lease já mudou, então o API server responde 409 Conflict (no etcd, o compare da txn sobre o mod_revision falhou). O {node} continua standby.',
  'scenario.kubernetes-lease.step.fenced-write':
    'Os controllers do {node} escrevem com o token {token}. A partir desta escrita, o armazenamento recusa qualquer token menor: um líder antigo que congelou e acorda achando que ainda lidera (o client-go não o impede) recebe 409 STALE TOKEN. Só a partir dela: o armazenamento só pode recusar um token menor que um que já viu.',
  // zookeeper
  'scenario.zookeeper.title': 'Receita de eleição do ZooKeeper',
  'scenario.zookeeper.summary':
    'Cinco candidatos criam, cada um, um znode efêmero e sequencial em /election; o menor lidera e cada um dos outros observa só o znode logo abaixo do seu. O líder cai, a sessão dele expira, o znode some e só o próximo da fila fica sabendo. Com herd=on todos observam o líder e todos acordam.',
  'scenario.zookeeper.tagline':
    'Znodes efêmeros e sequenciais, o menor lidera, e um watch por candidato em vez de uma manada.',
  'scenario.zookeeper.step.znodes-created':
    'Cada candidato abre uma sessão e cria um znode efêmero e sequencial em /election. O node-1 é o primeiro: o ZooKeeper dá ao znode dele o nome {path}, e o znode só existe enquanto durar a sessão do node-1.',
  'scenario.zookeeper.step.lowest-leads':
    'O getChildren lista /election e o znode do node-1 tem o menor número de sequência: o node-1 lidera, com {token} como token.',
  'scenario.zookeeper.step.watch-predecessor':
    'O node-3 não é o menor, então chama exists() com um watch em {path}: por padrão o znode logo abaixo do seu ({mine}); com herd=on, o do líder. Um watch dispara uma vez só.',
  'scenario.zookeeper.step.leader-crashes':
    'O node-1 cai. Os pings param, mas o ZooKeeper mantém a sessão, e o znode, até passar o session timeout ({sessionTimeoutMs} ms) em silêncio.',
  'scenario.zookeeper.step.session-expires':
    'O ZooKeeper expira a sessão do node-1 e apaga o znode efêmero dele. Para os outros, o líder se foi.',
  'scenario.zookeeper.step.watch-fires':
    'Essa remoção dispara {count, plural, one {# evento de watch} other {# eventos de watch}}, para {watchers}. Com a receita, só o próximo da fila observa o líder; com herd=on, todos observam, e todos voltam ao mesmo tempo para o getChildren.',
  'scenario.zookeeper.step.next-leads':
    'O {node} lista /election de novo: agora o znode dele é o menor, então ele lidera com o token {token}, o seu número de sequência. Os números de sequência só crescem, então um líder posterior sempre carrega um token maior.',
  'scenario.zookeeper.step.fenced-write':
    'O {node} escreve com o token {token}. O menor znode não avisa um líder antigo congelado de que ele perdeu; quem barra é o armazenamento, que recusa tokens menores.',
  // external-scheduler
  'scenario.external-scheduler.title': 'Agendador externo: um CronJob roda o job uma vez',
  'scenario.external-scheduler.summary':
    'O job noturno sai da aplicação: um CronJob do Kubernetes com concurrencyPolicy Forbid inicia um Job por horário e as vinte instâncias não fazem nada de especial. O agendador está fora do ar às 3h e volta às 3h02: com startingDeadlineSeconds 300 a execução começa atrasada, uma única vez. Com startingDeadlineSeconds=60 o horário é pulado: nenhum Job, e nenhum evento.',
  'scenario.external-scheduler.tagline':
    'Um CronJob no lugar de uma eleição: uma execução por horário, e o que o startingDeadlineSeconds faz quando o agendador está fora do ar.',
  'scenario.external-scheduler.step.twenty-up':
    'São 2h59min50s. Vinte instâncias do serviço de cobrança estão no ar, e nenhuma agenda nada: o job noturno é o CronJob billing (0 3 * * *, concurrencyPolicy Forbid, startingDeadlineSeconds {startingDeadlineSeconds} s), e quem o inicia é o controller de CronJob do kube-controller-manager.',
  'scenario.external-scheduler.step.first-sync':
    'O controller não guarda nada consigo: lê o CronJob no API server. O status.lastScheduleTime é {lastSchedule}, a execução de ontem; o próximo horário é 3h.',
  'scenario.external-scheduler.step.controller-down':
    '2h59min55s: o nó do control plane cai, e o kube-controller-manager junto. As instâncias continuam atendendo. Às 3h nada inicia o job: nenhuma instância ia mesmo iniciá-lo.',
  'scenario.external-scheduler.step.controller-back':
    '3h02: o kube-controller-manager volta. Os informers listam todos os CronJobs, então o controller sincroniza o billing na hora, dois minutos depois do horário.',
  'scenario.external-scheduler.step.passed-over':
    'O controller só procura horários pendentes a partir de agora − startingDeadlineSeconds ({deadlineS} s), e o horário {slot} já tem {lateS} s: não encontra nenhum e não cria Job. Também não registra evento (o aviso MissSchedule é para um horário dentro dessa janela). A execução foi perdida, e a API conta uma execução perdida como falha.',
  'scenario.external-scheduler.step.nothing-ran':
    'Nenhuma cobrança esta noite, e o Kubernetes não deu alarme: o próximo horário é amanhã às 3h. Monitore você mesmo o status.lastSuccessfulTime e dê ao startingDeadlineSeconds folga para uma queda do control plane.',
  'scenario.external-scheduler.step.late-run':
    'O horário {slot} tem {lateS} s, dentro do startingDeadlineSeconds: o controller cria o Job {job}, atrasado, e grava 3h no status.lastScheduleTime. O nome vem do minuto do horário, então um segundo Create para ele receberia 409 AlreadyExists.',
  'scenario.external-scheduler.step.pod-runs':
    'O pod do Job sobe em algum nó do cluster, fora das instâncias: uma execução do job de cobrança.',
  'scenario.external-scheduler.step.one-run':
    'O pod termina com sucesso e o Job fica Complete. Uma execução para o horário das 3h: não vinte, porque nenhuma instância o roda, e não duas, porque o horário agora é o status.lastScheduleTime. Com um startingDeadlineSeconds menor que os dois minutos da queda (startingDeadlineSeconds=60), o horário seria perdido.',
  // twenty-instances
  'scenario.twenty-instances.title': 'Vinte instâncias, vinte e-mails',
  'scenario.twenty-instances.summary':
    'O job de cobrança das 3h foi escrito para uma instância. Agora são vinte, e nenhuma eleição: cada uma roda o job, cada cliente inadimplente recebe vinte e-mails, o banco leva vinte varreduras e a atualização de status acontece vinte vezes em paralelo.',
  'scenario.twenty-instances.tagline': 'Vinte instâncias sem eleição: o job noturno roda vinte vezes.',
  'scenario.twenty-instances.step.twenty-up':
    'São 2h59min50s. Vinte instâncias idênticas do serviço de cobrança estão no ar, cada uma com o mesmo job agendado para as 3h.',
  'scenario.twenty-instances.step.no-election':
    'Nada elege uma delas: o agendador de cada instância dispara por conta própria, como quando havia uma instância só.',
  'scenario.twenty-instances.step.twenty-up-elect':
    'São 2h59min50s. Vinte instâncias idênticas do serviço de cobrança estão no ar, cada uma com o mesmo job agendado para as 3h. Com a correção, elas primeiro elegem uma: cada uma lê a linha de líder no banco de dados.',
  'scenario.twenty-instances.step.row-free':
    'A linha está livre (token 0, nenhum nó), então cada instância envia o seu pedido assim que a sua leitura volta: vinte pedidos disputam uma única linha.',
  'scenario.twenty-instances.step.one-update':
    'A atualização de status do líder leva o seu token: o UPDATE só vale enquanto a linha de líder ainda tiver o token {token}. Ela ainda tem, então ele roda uma única vez, para cada cliente em atraso.',
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
  'scenario.leader-flag.step.row-expires':
    'O node-1 renovava a linha a cada {renewS} s; sem renovação, o lease dela expira {leaseTtlS} s depois da última. O {node} encontra a linha expirada, toma-a para si e lidera com o token {token}.',
  'scenario.leader-flag.step.lease-lesson':
    'O job parou só até o lease da linha expirar e chegar o seu próximo horário; ninguém precisou perceber. Mesmo assim, continue monitorando as execuções da tarefa: isso pega o que um lease não pega, como um líder que detém a linha mas nunca roda o job.',
  'scenario.leader-flag.step.lesson':
    'Em produção, a descoberta vem dias depois, quando alguém nota que os relatórios pararam. Lease com TTL e renovação, sempre. E monitore a execução da tarefa, não a saúde do líder.',
  // update-without-token
  'scenario.update-without-token.title': 'UPDATE sem token',
  'scenario.update-without-token.summary':
    'Duas instâncias disputam uma linha de líder livre com UPDATE leader SET node = me WHERE TRUE. As duas instruções alteram a linha, as duas instâncias acham que venceram, e as duas rodam o job e escrevem: dois líderes.',
  'scenario.update-without-token.tagline':
    'UPDATE … WHERE TRUE: duas instâncias vencem a mesma linha de líder.',
  'scenario.update-without-token.step.one-wins': 'O {node} recebe UPDATE 1: ele lidera, com o token {token}.',
  'scenario.update-without-token.step.fenced-update':
    'Na hora do job, só o {node} o executa. A atualização de status dele leva o token {token}, e o banco de dados a aceita: um e-mail por cliente.',
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
  // even-quorum
  'scenario.even-quorum.title': 'Quórum num cluster par',
  'scenario.even-quorum.summary':
    'Quatro nós elegem por heartbeat com quórum: um líder precisa de 3 de 4 votos. Uma partição os divide 2|2 por 10 s; nenhum lado tem 3, então ninguém lidera e nenhuma escrita é aceita até a rede voltar. Com cinco nós o mesmo corte fica 2|3, e o lado de três elege um líder na hora.',
  'scenario.even-quorum.tagline':
    'Quatro nós divididos 2|2: nenhuma metade tem quórum, e o cluster inteiro para de escrever.',
  'scenario.even-quorum.step.four-nodes':
    'Quatro nós elegem por heartbeat, com quórum ligado: um líder precisa dos votos da maioria do cluster inteiro, floor(4/2)+1 = 3 de 4.',
  'scenario.even-quorum.step.first-leader':
    'O {node} vence o termo {term} com {votes} de {cluster} votos e começa a aceitar escritas.',
  'scenario.even-quorum.step.split-2-2':
    'Uma partição corta o cluster ao meio: node-1 e node-2 de um lado, node-3 e node-4 do outro. Cada lado tem 2 nós; o quórum é 3.',
  'scenario.even-quorum.step.leader-steps-down':
    'O {node} só recebe confirmações de um par: 2 de 4 não é maioria. Ele para de aceitar escritas e deixa a liderança, como o Raft exige.',
  'scenario.even-quorum.step.nobody-can-win':
    'O {node} pede votos e consegue {votes}; precisa de {needed}. Em nenhum dos lados alguém chega a 3, então ninguém é eleito e nenhuma escrita é aceita.',
  'scenario.even-quorum.step.heal':
    'A partição se desfaz depois de 10 s. Durante todo esse tempo o cluster não aceitou nenhuma escrita.',
  'scenario.even-quorum.step.leader-again':
    'Só agora o {node} consegue reunir {votes} de {cluster} votos: ele lidera o termo {term}.',
  'scenario.even-quorum.step.why-odd':
    'Um quarto nó não aumenta a tolerância a falhas (a maioria de 4 é 3, então ele continua sobrevivendo à perda de um nó só) e torna possível uma divisão ao meio. Seis nós divididos 3|3 travam do mesmo jeito. Use um número ímpar: 3, 5 ou 7.',
  'scenario.even-quorum.step.five-nodes':
    'A correção: um quinto nó. Agora o líder precisa de floor(5/2)+1 = 3 de 5 votos, e qualquer corte em dois deixa um dos lados com pelo menos 3.',
  'scenario.even-quorum.step.split-2-3':
    'O mesmo corte, com o quinto nó do outro lado: node-1 e node-2 | node-3, node-4 e node-5. A correção muda a partição também, porque com cinco nós um dos lados tem de ser maior.',
  'scenario.even-quorum.step.minority-leader-steps-down':
    'O {node} está no lado de dois nós: 2 de 5 não é maioria, então ele para de aceitar escritas e deixa a liderança.',
  'scenario.even-quorum.step.majority-elects':
    'O {node} vence o termo {term} com {votes} de {cluster} votos: o lado de três nós tem quórum, então elege um líder dentro de um timeout de eleição.',
  'scenario.even-quorum.step.majority-writes':
    'O {node} volta a aceitar escritas enquanto a partição dura. Só os dois nós isolados ficam esperando.',
  'scenario.even-quorum.step.heal-minority-follows':
    'A partição se desfaz; o node-1 e o node-2 ouvem o líder do novo termo e passam a segui-lo.',
  'scenario.even-quorum.step.why-odd-works':
    'Com um número ímpar, uma divisão em dois sempre deixa um lado com maioria, e o cluster continua escrevendo. Cinco nós toleram a perda de dois; quatro toleravam só a de um.',

  // short-timeout
  'scenario.short-timeout.title': 'Timeout de eleição curto demais',
  'scenario.short-timeout.summary':
    'Cinco nós elegem por heartbeat com um timeout de eleição de 1 s, durante uma hora de pausas de GC comuns e uma rede em que o 1% mais lento das mensagens leva mais de 300 ms. Toda pausa do líder maior que um segundo vira uma eleição, e cada eleição é uma janela sem escritas. Com um timeout de 10 s (sorteado até 20 s), as mesmas pausas passam sem eleição.',
  'scenario.short-timeout.tagline':
    'Um timeout de eleição de 1 s transforma cada pausa longa de GC numa eleição e numa janela sem escritas.',
  'scenario.short-timeout.step.one-second':
    'Cinco nós elegem por heartbeat, com quórum. O líder envia HEARTBEAT a cada {heartbeatIntervalMs} ms, e um seguidor que passa 1 s sem ouvir nenhum (sorteado até 1,5 s) começa uma eleição. Parece failover rápido.',
  'scenario.short-timeout.step.first-leader':
    'O {node} vence o termo {term} com {votes} de {cluster} votos e começa a aceitar escritas.',
  'scenario.short-timeout.step.gc-pause':
    'O {node} para numa pausa de GC de {durationMs} ms. Não morreu e vai voltar, mas a pausa é maior que o timeout de 1 s.',
  'scenario.short-timeout.step.followers-give-up':
    'O {node} está há {timeoutMs} ms sem ouvir HEARTBEAT, desiste do líder e pede votos.',
  'scenario.short-timeout.step.re-elected':
    'O {node} vence o termo {term}. O líder antigo só estava pausado; da pausa até agora nenhuma escrita foi aceita.',
  'scenario.short-timeout.step.old-leader-returns':
    'O node-3 acorda, descobre o termo mais novo e deixa a liderança. Agora os clientes precisam encontrar o novo líder.',
  'scenario.short-timeout.step.tenth-election':
    'Outra pausa longa, outra eleição: o {node} lidera o termo {term}, a 10ª eleição da hora, e cada uma é uma janela sem escritas.',
  'scenario.short-timeout.step.the-hour':
    'Nada caiu nesta hora: cada novo líder substituiu um que só estava pausado. O timeout foi dimensionado para a pausa típica e a mensagem típica, não para o percentil 99. Em produção, clusters usam de 10 a 30 s, com jitter.',
  'scenario.short-timeout.step.ten-seconds':
    'A correção: um timeout de eleição de 10 s, sorteado até 20 s. O mesmo cluster, as mesmas pausas de GC, a mesma cauda da rede.',
  'scenario.short-timeout.step.gc-pause-ridden-out':
    'O {node} para numa pausa de GC de {durationMs} ms. Os seguidores continuam esperando: só desistem depois de 10 s de silêncio.',
  'scenario.short-timeout.step.leader-resumes':
    'O {node} volta e envia HEARTBEAT de novo. Ninguém começou uma eleição, e as escritas continuam de onde pararam.',
  'scenario.short-timeout.step.the-hour-fixed':
    'A mesma hora com uma única eleição, a primeira. O preço do timeout maior: um líder que cai de verdade só é percebido depois de 10 a 20 s.',

  // bully-at-scale
  'scenario.bully-at-scale.title': 'Bully com 100 nós numa rede instável',
  'scenario.bully-at-scale.summary':
    'Cem nós rodam Bully enquanto a rede oscila: a cada 10 s, por 3 s, node-1..node-50 não alcançam node-51..node-100. A cada vez, a metade de baixo roda 50 eleições ao mesmo tempo, cada uma mandando ELECTION a todos os ids mais altos: uma tempestade de milhares de mensagens. O mesmo cluster elegendo por um lease no etcd manda alguns keepalives e novas tentativas, faça a rede o que fizer.',
  'scenario.bully-at-scale.tagline':
    'Bully com 100 nós: cada oscilação da rede dispara uma tempestade de eleições O(n²).',
  'scenario.bully-at-scale.step.hundred-nodes':
    '{n, plural, one {# nó roda} other {# nós rodam}} Bully. O {last}, o maior id, é o coordenador: ele envia HEARTBEAT a todos os outros a cada {heartbeatIntervalMs} ms.',
  'scenario.bully-at-scale.step.flap':
    'A rede oscila: por 3 s, node-1 a node-50 não alcançam node-51 a node-100. Isso vai se repetir a cada 10 s.',
  'scenario.bully-at-scale.step.storm':
    'O {node} passa {timeoutMs} ms sem ouvir HEARTBEAT e manda ELECTION a todos os ids mais altos. Em meio segundo todos os nós da sua metade fazem o mesmo, e cada um que recebe um ELECTION responde OK e começa a sua própria eleição: uma tempestade de eleições.',
  'scenario.bully-at-scale.step.half-coordinator':
    'O {node}, o maior id que a sua metade alcança, se declara COORDINATOR. A tempestade até aqui: {messages, plural, one {# mensagem} other {# mensagens}} ({elections} ELECTION, {oks} OK, {coordinators} COORDINATOR).',
  'scenario.bully-at-scale.step.heal':
    'A partição se desfaz depois de 3 s, e o HEARTBEAT do {last} traz a metade de baixo de volta para ele.',
  'scenario.bully-at-scale.step.storm-again':
    'A rede oscila de novo, e a tempestade se repete: {messages, plural, one {# mensagem} other {# mensagens}} de eleição desde o início, por um coordenador de que ninguém precisava.',
  'scenario.bully-at-scale.step.per-minute':
    'O Bully custa O(n²) mensagens a cada troca de coordenador. Com 100 nós numa rede instável, as eleições inundam a própria rede em que rodam, e cada oscilação traz mais uma.',
  'scenario.bully-at-scale.step.lease-instead':
    'A correção: os mesmos {n, plural, one {# nó elege} other {# nós elegem}} por um lease no etcd. Cada nó fala só com o store: uma campanha é um único compare-and-swap, e o líder renova o seu lease a cada {renewS} s.',
  'scenario.bully-at-scale.step.lease-leader':
    'O {node} vence a campanha com o token {token}. Os outros perderam o compare-and-swap e tentam de novo de vez em quando; nunca trocam mensagens entre si.',
  'scenario.bully-at-scale.step.flap-lease':
    'As mesmas oscilações, a cada 10 s: node-1 a node-50 isolados de node-51 a node-100. O etcd não está em nenhuma das metades (é um cluster à parte, alcançável das duas), e os nós nunca precisaram se alcançar.',
  'scenario.bully-at-scale.step.no-storm':
    'A partição se desfaz, e nada aconteceu: nenhuma eleição, nenhuma mensagem a mais. O líder continua com o seu lease.',
  'scenario.bully-at-scale.step.lease-cost':
    'O custo de um lease é constante: os keepalives do líder e as novas tentativas dos seguidores, faça o que fizer a rede entre os nós. O custo da tempestade crescia com n²; este cresce com n.',
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
  'scenario.lease-no-fencing.step.token-42-checked':
    'O node-1 pega a chave de líder com um lease de {ttlS} s, e a mesma transação lhe dá o token {token}. Com a correção, o armazenamento lá embaixo confere os tokens: recusa qualquer token menor que o maior que já aceitou.',
  'scenario.lease-no-fencing.step.lease-checked':
    'Chegou a hora do job do node-1. Ele confere o seu lease (faltam {remainingMs} ms pela conta dele, que guarda uma margem para o desvio do relógio: a contagem do etcd no painel mostra mais) e começa a preparar a escrita.',
  'scenario.lease-no-fencing.step.gc-pause':
    'Uma pausa de GC congela o node-1 por {durationMs} ms, mais que o TTL de {ttlS} s. Ele não consegue renovar, nem perceber.',
  'scenario.lease-no-fencing.step.lease-expires':
    'O lease cumpre o seu papel: o etcd o expira e apaga a chave de líder. Para o cluster, o node-1 sumiu.',
  'scenario.lease-no-fencing.step.token-43':
    'O node-3 ganha a chave, corretamente: lidera com o token {token}.',
  'scenario.lease-no-fencing.step.node-3-writes':
    'O node-3 grava o seu relatório {value} com o token {token}. O armazenamento guarda {value}.',
  'scenario.lease-no-fencing.step.node-1-wakes':
    'O node-1 acorda e continua de onde parou: a escrita que preparou sai com o token {token}. Só então os seus timers disparam: o lease expirou há muito tempo, e ele deixa a liderança, tarde demais para a escrita já enviada.',
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
  // sharded-leadership
  'scenario.sharded-leadership.title': 'Liderança por shard',
  'scenario.sharded-leadership.summary':
    'Cinco nós dividem doze shards, cada um com o seu próprio líder, eleito na sua própria chave do etcd, como o Kafka tem um líder por partição e o MongoDB um primário por shard. O node-2 cai: só os shards dele esperam por um failover, cada um para o seu próximo candidato, enquanto os outros shards continuam escrevendo. Com shards=1, um único líder para o cluster inteiro, a mesma queda para todas as escritas.',
  'scenario.sharded-leadership.tagline':
    'Um líder por shard, não por cluster: uma queda para só os shards do nó morto.',
  'scenario.sharded-leadership.step.preferred-shards':
    'Cada nó abre um lease de sessão no etcd e lê /shards/. Cada shard ordena os nós por rendezvous hashing (um hash do caminho do shard com o id do nó), e um nó disputa na hora os shards livres em que ele vem em primeiro. O node-1 fica com o shard {shard}: a chave /shards/{shard}/leader passa a viver sob o lease do node-1, e o create_revision dela, {token}, é o fencing token do shard.',
  'scenario.sharded-leadership.step.shard-writes':
    'Em um único período de retry, cada nó passa a liderar os shards em que vem em primeiro, dois ou três cada um, como mostram as etiquetas sob os nós. O {node} escreve em {key} com o token {token}. O armazenamento guarda o maior token de cada shard, então o token de um shard nunca é comparado com o de outro.',
  'scenario.sharded-leadership.step.node-2-crashes':
    'O node-2 cai junto com os shards que lidera. Os keepalives dele param, mas as chaves continuam no etcd até o lease expirar, {ttlS} s depois do último keepalive que o etcd recebeu.',
  'scenario.sharded-leadership.step.others-keep-writing':
    'O {node} escreve em {key} com o token {token}, como antes da queda. Os shards liderados pelos quatro nós vivos nem percebem: os líderes, os leases e os tokens deles não mudaram.',
  'scenario.sharded-leadership.step.lease-expires':
    'O lease do node-2 expira, e o etcd apaga de uma vez todas as chaves que estavam sob ele: os shards do node-2, e só eles, agora estão sem líder.',
  'scenario.sharded-leadership.step.shard-moves':
    'O {node} assume o shard {shard} com o token {token}, maior que o do líder antigo. O primeiro candidato está morto, então o próximo na ordem do rendezvous hashing assumiu o shard uma consulta depois de ver a chave livre.',
  'scenario.sharded-leadership.step.second-shard-moves':
    'O {node} assume o shard {shard}: outro nó. O rendezvous hashing espalha os shards de um nó morto entre os sobreviventes em vez de jogá-los todos em um só.',
  'scenario.sharded-leadership.step.only-its-shards':
    'Só os shards do nó morto esperaram por um failover; todos os outros mantiveram o líder e as escritas. Com shards=1, um único líder para o cluster inteiro, a mesma queda para todas as escritas até o fim do failover: unavailableShardFraction 1 em vez de cerca de 1/5.',
  // skip-locked
  'scenario.skip-locked.title': 'SELECT … FOR UPDATE SKIP LOCKED',
  'scenario.skip-locked.summary':
    'Sem líder: quatro workers pegam doze jobs de uma tabela do PostgreSQL, cada um com SELECT … FOR UPDATE SKIP LOCKED na sua própria transação, quatro de cada vez. Um worker cai depois de enviar o e-mail e antes do COMMIT: a transação é desfeita, o lock da linha é liberado, outro worker faz o job e o cliente recebe o e-mail duas vezes. Mesmo assim cada job é commitado uma vez só; com o outbox transacional, o e-mail também sai uma vez só.',
  'scenario.skip-locked.tagline':
    'Sem eleição: um lock de linha por job, quatro workers ao mesmo tempo e o e-mail que uma queda manda duas vezes.',
  'scenario.skip-locked.step.rows-claimed':
    'Quatro workers, nenhum líder. Cada um abre uma transação e roda SELECT … FOR UPDATE SKIP LOCKED: o primeiro pega o job-1 e trava a linha dele; os outros pulam essa linha travada e ficam com job-2, job-3 e job-4. Ninguém espera ninguém.',
  'scenario.skip-locked.step.email-sent':
    'Na metade do job, o {by} manda por e-mail a fatura do {job}: uma chamada ao provedor de e-mail, fora do banco e da transação.',
  'scenario.skip-locked.step.first-commit':
    'O {node} commita o {job}: UPDATE jobs SET state=’done’ e depois COMMIT. O lock da linha acaba junto com a transação, e o worker pega a próxima linha pendente.',
  'scenario.skip-locked.step.worker-crashes':
    'O node-2 cai no meio do job-5: o e-mail já foi enviado, o COMMIT nunca vai chegar. A transação dele continua aberta no servidor, então a linha do job-5 segue travada e os outros a pulam.',
  'scenario.skip-locked.step.keepalive-probe':
    'Nada chega do node-2 há tcp_keepalives_idle ({keepaliveIdleS} s), então o servidor sonda a conexão. Um host que caiu não responde nada. (Com o padrão do PostgreSQL, que é o do sistema operacional, isso leva duas horas no Linux.)',
  'scenario.skip-locked.step.session-terminated':
    'Sondas sem resposta: {keepaliveCount}. O servidor derruba a conexão do node-2 e desfaz a transação dele, como faz com qualquer conexão perdida no meio de uma transação. O lock do {jobs} é liberado e o job volta a ficar pendente.',
  'scenario.skip-locked.step.job-retaken':
    'O {node} consulta a fila de novo, e o SKIP LOCKED não pula mais o {job}: tentativa {attempt}.',
  'scenario.skip-locked.step.duplicate-email':
    'Na metade, a nova tentativa manda a fatura do job-5 por e-mail outra vez: o e-mail saiu de {nodes}, e o cliente o recebe duas vezes. O e-mail do node-2 nunca fez parte da transação, então o rollback não tinha como desfazê-lo.',
  'scenario.skip-locked.step.every-job-once':
    'O {node} commita o {job}. Cada job foi commitado exatamente uma vez, por quatro workers em paralelo em vez de um depois do outro; só o e-mail, um efeito colateral fora do banco, aconteceu duas vezes.',
  'scenario.skip-locked.step.outbox-insert':
    'Na metade, o {from} não chama o provedor de e-mail: insere o e-mail como uma linha da tabela outbox, na mesma transação do job.',
  'scenario.skip-locked.step.relay-sends':
    'O job é commitado, e com ele a sua linha do outbox. Só agora o relay enxerga a linha e envia o e-mail do {job}, uma vez por linha commitada.',
  'scenario.skip-locked.step.worker-crashes-outbox':
    'O node-2 cai no meio do job-5, antes do COMMIT. O e-mail dele é uma linha do outbox na transação ainda aberta, invisível para o relay; a linha do job-5 continua travada.',
  'scenario.skip-locked.step.one-email':
    'A nova tentativa commita o job-5 e a sua própria linha do outbox; a do node-2 foi embora com o rollback. O relay envia o e-mail do job-5 uma vez só. (A outra defesa, uma chave de idempotência, como o id do job enviado a um provedor que a respeite, descarta a segunda chamada.)',
  // raft
  'scenario.raft.title': 'Raft: o log',
  'scenario.raft.summary':
    'Cinco servidores rodam o Raft com o log. O líder acrescenta cada comando do cliente ao seu log, copia-o para os seguidores com APPEND_ENTRIES e o confirma quando a maioria o tem. Um seguidor cai; os commits seguem com quatro de cinco, e quando ele volta o líder põe o log dele em dia.',
  'scenario.raft.tagline':
    'Um comando é confirmado quando a maioria o tem; um seguidor que caiu alcança o líder quando volta.',
  'scenario.raft.step.five-servers':
    'Cinco servidores rodam o Raft. Cada um guarda um log de comandos. Só o líder do termo aceita comandos, e ele os copia para os outros com APPEND_ENTRIES.',
  'scenario.raft.step.leader-elected':
    'O {node} vence o termo {term} com {votes} de {cluster} votos: o log de nenhum eleitor estava mais atualizado que o dele. Os seus APPEND_ENTRIES, por enquanto vazios, são os heartbeats.',
  'scenario.raft.step.redirect':
    'O cliente manda o primeiro comando ao node-1. Seguidor não aceita comandos: ele responde com o líder que conhece, o node-3.',
  'scenario.raft.step.append':
    'O {node} acrescenta o comando {value} no índice {index} do seu log, no termo {term}, e o envia na hora a todos os seguidores.',
  'scenario.raft.step.committed':
    '{replicas} dos 5 servidores têm o índice {index}, a maioria: o {node} o confirma, aplica e responde ao cliente. Daqui em diante todo líder terá essa entrada.',
  'scenario.raft.step.follower-crashes':
    'O node-5 cai. 4 de 5 ainda são maioria, então o node-3 continua confirmando sem ele.',
  'scenario.raft.step.commit-without':
    'O índice {index} é confirmado em {replicas} servidores enquanto o node-5 está fora do ar.',
  'scenario.raft.step.follower-restarts':
    'O node-5 reinicia. O termo, o voto e o log dele estavam em disco, mas faltam as entradas confirmadas enquanto ele estava fora.',
  'scenario.raft.step.catch-up':
    'O próximo APPEND_ENTRIES do líder passa na verificação de consistência do node-5 e leva a ele as entradas {from} a {last}: o log dele volta a ser igual ao do líder.',
  // raft-minority-leader
  'scenario.raft-minority-leader.title': 'Raft: um líder na minoria',
  'scenario.raft-minority-leader.summary':
    'Uma partição deixa o líder do Raft com 2 de 5 servidores. Ele continua aceitando comandos do cliente, mas nunca consegue confirmá-los, enquanto os outros três elegem um novo líder e confirmam. Quando a partição se desfaz, o líder antigo deixa a liderança e as entradas não confirmadas dele são apagadas. Nada do que foi confirmado a um cliente se perde: o oposto do split-brain.',
  'scenario.raft-minority-leader.tagline':
    'Um líder isolado na minoria aceita entradas que nunca vai confirmar; quando a rede volta, elas são apagadas.',
  'scenario.raft-minority-leader.step.five-servers':
    'Cinco servidores rodam o Raft com o log. Um comando é confirmado quando a maioria dos cinco o tem, e só então o líder responde ao cliente.',
  'scenario.raft-minority-leader.step.leader-elected':
    'O {node} vence o termo {term} com {votes} de {cluster} votos.',
  'scenario.raft-minority-leader.step.committed':
    '{replicas} dos 5 servidores têm o índice {index}: o {node} o confirma e responde ao cliente. Todo líder que vier depois terá essa entrada.',
  'scenario.raft-minority-leader.step.partition':
    'Uma partição deixa o node-3 só com o node-2: 2 de 5. O node-1, o node-4 e o node-5 ficam do outro lado. O cliente está fora da partição e continua alcançando os dois lados, inclusive o node-3.',
  'scenario.raft-minority-leader.step.minority-append':
    'O {node} ainda acha que lidera o termo {term}. Ele acrescenta o {value} do cliente no índice {index} e o envia, mas só o node-2 consegue responder. 2 de 5 não é maioria: a entrada nunca é confirmada, e o cliente fica sem resposta.',
  'scenario.raft-minority-leader.step.appended-again':
    'O cliente cansa de esperar e tenta o node-4, que ainda conhece o node-3 como líder do termo 1 e o manda de volta para lá. O node-3 acrescenta o {value} de novo, no índice {index}. Essa também não é confirmada.',
  'scenario.raft-minority-leader.step.new-leader':
    'Do lado da maioria, o {node} vence o termo {term} com {votes} de {cluster} votos. Agora dois servidores acham que lideram, mas em termos diferentes: o node-3 no termo 1, o node-1 no termo {term}.',
  'scenario.raft-minority-leader.step.majority-commits':
    'O {node} confirma o índice {index} no termo {term}, em {replicas} dos 5 servidores, e o cliente enfim recebe a resposta. Só este lado consegue confirmar: o node-3 nunca alcança a maioria.',
  'scenario.raft-minority-leader.step.heal':
    'A partição se desfaz. O node-3 ainda acha que lidera o termo 1.',
  'scenario.raft-minority-leader.step.step-down':
    'O node-3 recebe mensagens do node-1 num termo mais novo e deixa a liderança: um servidor que vê um termo maior passa a segui-lo.',
  'scenario.raft-minority-leader.step.truncated':
    'A partir do índice {from}, as entradas do termo 1 do node-3 conflitam com o log do node-1: o node-3 as apaga e fica com as entradas do node-1 ({values}). Os comandos que ele aceitou enquanto estava isolado se foram, e nenhum cliente ouviu que eles tinham sido confirmados.',
  'scenario.raft-minority-leader.step.not-split-brain':
    'Compare com a história do split-brain: lá os dois líderes aceitaram escritas e as confirmaram, e os dados divergiram. Aqui o líder isolado recebeu entradas, mas não conseguiu confirmá-las, então nenhuma escrita confirmada se perdeu. Com o parâmetro CheckQuorum ligado, ele deixaria a liderança ainda isolado.',
  // raft-figure-8
  'scenario.raft-figure-8.title': 'Raft: figura 8, uma entrada antiga confirmada',
  'scenario.raft-figure-8.summary':
    'A figura 8 do artigo do Raft, em cinco servidores. Um líder encontra na maioria uma entrada de um termo anterior e a confirma. Depois, um servidor que nunca teve essa entrada vence uma eleição com um log de termo mais recente e a sobrescreve: uma entrada confirmada se perde, e dois servidores aplicam comandos diferentes no mesmo índice. A correção é a regra do artigo: contar cópias só para uma entrada do próprio termo do líder.',
  'scenario.raft-figure-8.tagline':
    'Um líder que confirma pela contagem de cópias uma entrada de termo antigo pode perdê-la.',
  'scenario.raft-figure-8.step.figure-8':
    'A figura 8 do artigo do Raft, com cinco servidores e dois clientes. A armadilha: um líder que encontra na maioria uma entrada de um termo anterior a confirma, como faria com uma sua.',
  'scenario.raft-figure-8.step.first-leader':
    'O {node} vence o termo {term} com {votes} de {cluster} votos. O node-4 e o node-5 estão fora do ar.',
  'scenario.raft-figure-8.step.entry-a':
    'O node-3 acabou de cair. O {node} acrescenta o {value} do cliente no índice {index}, no termo {term}, e só o node-2 recebe uma cópia: não é maioria, então a entrada não é confirmada.',
  'scenario.raft-figure-8.step.second-leader':
    'O node-1 e o node-2 caem, e o node-3, o node-4 e o node-5 voltam. O {node} vence o termo {term}: os outros dois têm logs vazios, nada mais atualizados que o dele.',
  'scenario.raft-figure-8.step.entry-b':
    'Uma partição deixa o {node} sozinho com o segundo cliente. Ele acrescenta o {value} no índice {index}, no termo {term}: o mesmo índice do x1, outra entrada. Ninguém mais a recebe.',
  'scenario.raft-figure-8.step.third-leader':
    'O node-3 cai; o node-1 e o node-2 reiniciam. O {node} vence o termo {term}: o log dele, com o x1 do termo 1, é mais atualizado que os logs vazios do node-4 e do node-5.',
  'scenario.raft-figure-8.step.old-entry-committed':
    'O {node} copia o x1 para o node-4 e o node-5, e {replicas} dos 5 servidores têm o índice {index}, uma entrada do termo 1. Com a regra insegura o {node} a confirma e aplica o x1, e os seguidores fazem o mesmo.',
  'scenario.raft-figure-8.step.fourth-leader':
    'O {node} reinicia; um link cortado impede o líder antigo de alcançá-lo. A última entrada dele é do termo 2, mais recente que o termo 1, então os outros acham o log dele mais atualizado e o elegem no termo {term}.',
  'scenario.raft-figure-8.step.overwritten':
    'Os APPEND_ENTRIES do node-3 chegam ao node-4: o x1 dele no índice {from} conflita com o y1 do termo 2 e é substituído.',
  'scenario.raft-figure-8.step.safety-broken':
    'O node-3 confirma o y1 no índice 1 e o aplica, onde os servidores do termo anterior aplicaram o x1: duas máquinas de estado têm comandos diferentes no mesmo índice. O x1 confirmado se perdeu.',
  'scenario.raft-figure-8.step.figure-8-fixed':
    'A correção é a regra do artigo: pela contagem de cópias um líder só confirma uma entrada do próprio termo, e uma entrada mais antiga só junto com uma dessas. Os mesmos servidores, as mesmas falhas.',
  'scenario.raft-figure-8.step.old-entry-kept':
    'O node-1 copia o x1 para o node-4 e o node-5, e a maioria passa a tê-lo. Mas o x1 é do termo 1, não do termo do node-1: pela regra do artigo o node-1 não o confirma, e ninguém o aplica.',
  'scenario.raft-figure-8.step.nothing-lost':
    'O x1 nunca foi confirmado, então substituí-lo não tira nada do que foi dito a um cliente, e nenhum par de servidores aplicou comandos diferentes no mesmo índice. A State Machine Safety se mantém.',
  'scenario.etcd-leader-change.title': 'Quando o próprio etcd troca de líder',
  'scenario.etcd-leader-change.tagline':
    'O store é um grupo Raft de 3 membros: sobrevive à perda de um, não de dois.',
  'scenario.etcd-leader-change.summary':
    'O node-1 lidera com um lease no etcd, e o etcd tem três membros. O líder do store cai; um novo é eleito, estende todos os leases, e o node-1 continua liderando. Um segundo membro se perde: sem maioria o etcd não responde nada, e ninguém consegue liderar.',
  'scenario.etcd-leader-change.step.campaign-won':
    'O node-1 pega a chave de líder com um lease de {ttlS} s e lidera com o fencing token {token}. Aqui o etcd tem três membros: o member-1 é o líder deles e só confirma uma escrita quando a maioria a recebeu.',
  'scenario.etcd-leader-change.step.store-leader-crash':
    'O member-1, líder do store, é morto. Restam dois membros de três: ainda é maioria, mas por enquanto ninguém lidera.',
  'scenario.etcd-leader-change.step.store-leader-elected':
    'O member-2 vence a eleição do store. Ao assumir, o lessor dele devolve a cada lease o TTL inteiro, mais um election timeout: a chave de líder e o lease do node-1 sobrevivem.',
  'scenario.etcd-leader-change.step.renewal-answered':
    'O próximo keepalive do node-1 chega a um membro, segue para o novo líder e é respondido. O node-1 continua liderando: nem percebeu o failover do store.',
  'scenario.etcd-leader-change.step.majority-lost':
    'O member-2 também se perde. Um membro de três não é maioria: o store não consegue eleger líder.',
  'scenario.etcd-leader-change.step.renewal-unanswered':
    'Um segundo depois do keepalive do node-1, nenhuma resposta: sem maioria o etcd não concede lease, não renova nenhum e não confirma nenhuma escrita.',
  'scenario.etcd-leader-change.step.node-1-steps-down':
    'O node-1 renuncia no seu próprio prazo. A chave ainda o nomeia, porque sem líder no store nenhum lease expira, e nenhum outro nó consegue assumir: o store precisa ser HA, e HA quer dizer a maioria dos membros de pé.',
  // patroni-watchdog
  'scenario.patroni-watchdog.title': 'Patroni sem watchdog: um agente parado',
  'scenario.patroni-watchdog.summary':
    'O Patroni do pg-1 é parado (SIGSTOP) e o Postgres dele continua rodando. O HAProxy tira o pg-1 do ar, a chave de líder expira e o pg-2 se promove, mas o pg-1 continua um primário que aceita escritas: uma aplicação que chega direto nele grava ali enquanto as escritas do HAProxy vão para o pg-2. Dois primários aceitam escritas. A correção é o watchdog do Patroni: ele reinicia o host do pg-1 antes de a chave expirar.',
  'scenario.patroni-watchdog.tagline':
    'Um Patroni parado deixa o seu Postgres como primário: dois primários aceitam escritas.',
  'scenario.patroni-watchdog.step.two-apps':
    'O pg-1 faz o bootstrap e roda como primário. Duas aplicações escrevem: uma pelo HAProxy, outra direto na porta do Postgres do pg-1. O watchdog do Patroni está desligado, o padrão.',
  'scenario.patroni-watchdog.step.pg-3-falls-behind':
    'O pg-3 perde a conexão de replicação com o pg-1: deixa de receber WAL e fica atrás do pg-2.',
  'scenario.patroni-watchdog.step.agent-stopped':
    'O Patroni do pg-1 é parado (SIGSTOP), como ficaria um processo travado ou uma VM pausada. O Postgres dele segue como primário e aceita as escritas das duas aplicações, mas agora ninguém renova o lease do pg-1.',
  'scenario.patroni-watchdog.step.haproxy-marks-pg-1-down':
    'A API REST do pg-1 é a do Patroni, e ela não responde nada: depois de {haproxyFall, plural, one {# verificação} other {# verificações}} sem resposta, o HAProxy marca o {backend} como fora do ar. As escritas pelo HAProxy falham daqui em diante; a aplicação direta continua gravando no pg-1.',
  'scenario.patroni-watchdog.step.lease-expires':
    'O lease do pg-1 expira {ttlS} s depois da sua última renovação: o etcd apaga a chave de líder. O Postgres do pg-1 continua primário.',
  'scenario.patroni-watchdog.step.pg-2-promotes': 'O pg-2 ganha a chave de líder e executa pg_ctl promote.',
  'scenario.patroni-watchdog.step.old-timeline-write':
    'O pg-2 é o primário na timeline 2, e o pg-1 continua aceitando as escritas da aplicação direta na timeline 1: nada no pg-1 sabe da timeline mais nova.',
  'scenario.patroni-watchdog.step.two-primaries':
    'O HAProxy manda as escritas da primeira aplicação para o pg-2, enquanto as da segunda continuam caindo no pg-1: dois primários aceitam escritas, em duas timelines. Split-brain.',
  'scenario.patroni-watchdog.step.pg-1-demoted':
    'O Patroni do pg-1 volta, encontra a chave de líder com o pg-2 e rebaixa o pg-1. As escritas que o pg-1 aceitou depois da promoção do pg-2 ficam numa timeline que ninguém segue.',
  'scenario.patroni-watchdog.step.watchdog-on':
    'A correção é o watchdog do Patroni: um Patroni líder mantém um dispositivo watchdog vivo a cada atualização da sua chave de líder, e um watchdog que fica ttl menos safety_margin (5 s) sem sinal reinicia o host. Mesmas aplicações, mesmas falhas.',
  'scenario.patroni-watchdog.step.agent-stopped-armed':
    'O Patroni do pg-1 é parado (SIGSTOP), e com ele os keepalives do watchdog.',
  'scenario.patroni-watchdog.step.watchdog-resets':
    'O watchdog reinicia o host do pg-1 5 s antes de a chave de líder expirar: o Postgres dele some, e as escritas da aplicação direta esgotam o tempo.',
  'scenario.patroni-watchdog.step.one-primary':
    'Depois de {haproxyRise, plural, one {# verificação bem-sucedida} other {# verificações bem-sucedidas}}, o HAProxy marca o {backend} como no ar: as escritas chegam ao pg-2, o único primário que sobrou.',
};
