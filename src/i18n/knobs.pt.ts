/**
 * Translations of the knob docs. The English doc stays in each param spec (src/sim: the source, and
 * what the CLI and the URL errors use); keys are `<scope>.<name>`, scope `net` for the network knobs
 * or the algorithm id (two algorithms may give one name different meanings). Sources are citations
 * and stay as written.
 */
export const knobDocsPt: Record<string, string> = {
  'net.latencyMinMs': 'latência mínima de ida',
  'net.latencyMaxMs': 'latência máxima de ida (a diferença é o jitter)',
  'net.dropRate': 'probabilidade de uma mensagem se perder',
  'net.latencyP99Ms':
    'percentil 99 da latência de ida, uma cauda além de latencyMaxMs (0: sem cauda): uma mensagem em cada cem demora mais do que isto',
  'bully.heartbeatIntervalMs': 'o coordenador envia HEARTBEAT a todos os outros nós com esta frequência',
  'bully.heartbeatTimeoutMs':
    'um nó que passa este tempo sem ouvir HEARTBEAT suspeita do coordenador e começa uma eleição',
  'bully.detectionStaggerMs':
    'o node-k espera (k-1) vezes isto a mais antes de suspeitar do coordenador, então o menor id percebe primeiro (o pior caso); 0 = todos ao mesmo tempo',
  'bully.answerTimeoutMs':
    'quanto tempo uma eleição espera um OK de um nó mais alto antes de se declarar COORDINATOR',
  'bully.coordinatorTimeoutMs':
    'depois de um OK, quanto tempo um nó espera o COORDINATOR antes de recomeçar a sua eleição',
  'bully.holdOnEveryElection':
    'ligado: todo ELECTION de um nó mais baixo faz o nó convocar uma eleição, a menos que já esteja numa, e o coordenador também (a regra curta dos livros); depois de um restart, ELECTIONs atrasados começam eleições que os anúncios encerram e que recomeçam: uma tempestade. Desligado: um nó responde só com OK a um ELECTION de uma eleição de que já participou, e o coordenador avisa apenas quem perguntou',
  'heartbeat.quorum':
    'desligado: um candidato precisa da maioria dos nós que responderam (split-brain numa partição); ligado: da maioria do cluster inteiro, floor(n/2)+1 (Raft)',
  'heartbeat.heartbeatIntervalMs': 'o líder envia HEARTBEAT a cada par com esta frequência',
  'heartbeat.electionTimeoutMinMs':
    'menor timeout de eleição sorteado: este tempo sem HEARTBEAT torna um seguidor candidato',
  'heartbeat.electionTimeoutMaxMs':
    'maior timeout de eleição sorteado (a diferença evita que candidatos colidam)',
  'heartbeat.voteTimeoutMs':
    'sem quórum, o candidato conta como "o cluster" os nós que responderam dentro deste tempo',
  'heartbeat.writeIntervalMs':
    'um líder aceita uma escrita de cliente na sua cópia dos dados com esta frequência',
  'lease.ttlS':
    'TTL da reserva com validade pedida pelos candidatos; o etcd sobe para 2 s qualquer valor menor, e os nós usam o TTL concedido',
  'lease.renewS': 'intervalo de keepalive da reserva com validade de cada candidato',
  'lease.retryMs':
    'com que frequência um seguidor tenta a campanha de novo (cada nó na sua fatia do período)',
  'lease.requestTimeoutMs':
    'quanto tempo um nó espera a resposta do etcd antes de desistir do pedido (uma resposta atrasada ainda conta)',
  'lease.driftMarginRatio':
    'fração do TTL de que o nó abre mão antes, para que um relógio até esta fração mais lento ainda deixe a liderança antes de o store expirar a reserva',
  'lease.checkLeaseBeforeAct':
    'o líder verifica o prazo da reserva antes de cada escrita e deixa a liderança quando ele passa; desligado = acredita que lidera até o store responder TTL 0',
  'lease.tokenFromRevision':
    'usa a create_revision da chave do líder como fencing token (salta 2 ou mais a cada troca) em vez de um contador incrementado na txn da campanha (+1)',
  'lease.tokenStart': 'valor inicial do contador de tokens no store (o primeiro líder recebe tokenStart + 1)',
  'lease.fencing': 'o armazenamento rejeita escritas com token menor que um já aceito (409 STALE TOKEN)',
  'lease.writeIntervalMs':
    'o job do líder roda a cada múltiplo disto no relógio local e escreve no armazenamento',
  'lease.workMs': 'tempo entre verificar a reserva e a escrita sair (preparar a escrita do job)',
  'patroni.ttlS':
    'TTL da trava do líder (a reserva com validade do agente): quanto tempo um primário morto mantém a chave',
  'patroni.loopWaitS':
    'período do loop de HA: cada agente renova a reserva e lê o cluster com esta frequência',
  'patroni.retryTimeoutS':
    'quanto tempo um loop de HA tenta o etcd antes de desistir; um líder que desiste rebaixa a si mesmo',
  'patroni.maximumLagOnFailover':
    'bytes de WAL que uma réplica pode estar atrás da última posição conhecida do primário e ainda disputar a trava',
  'patroni.promoteMs': 'tempo que o pg_ctl promote leva até o novo primário aceitar escritas',
  'patroni.walBytesPerWrite':
    'bytes de WAL que cada escrita de cliente aceita soma ao LSN do primário (uma página de 8 KiB)',
  'patroni.haproxyInterMs':
    'intervalo do health check do HAProxy por backend: o próximo check começa este tempo depois do fim do anterior',
  'patroni.haproxyFall':
    'checks falhos seguidos (503 ou sem resposta) antes de o HAProxy marcar um backend como fora',
  'patroni.haproxyRise': 'checks bons seguidos (200) antes de o HAProxy marcar um backend como no ar',
  'patroni.clientWriteIntervalMs': 'a aplicação envia um INSERT pelo HAProxy com esta frequência',
  'patroni.watchdog':
    'ligado: cada agente arma um watchdog enquanto lidera e o mantém vivo a cada atualização da chave de líder; um watchdog sem sinal por ttl - safety_margin (5 s) reinicia o host, então um primário cujo agente parou some antes de a chave expirar; desligado: o padrão do Patroni (watchdog mode off)',
  'patroni.directWriteNode':
    'uma segunda aplicação escreve direto na porta do Postgres do pg-N, passando ao largo do HAProxy, com a mesma frequência da primeira (0: nenhuma)',
  // patroni client connect timeout
  'patroni.clientConnectTimeoutMs':
    'quanto tempo a aplicação espera uma nova conexão ficar utilizável antes de a escrita falhar',
  // heartbeat-no-confirm
  'lease.confirmRenew':
    'só um keepalive respondido pelo store adia o prazo do líder, então um líder cujos keepalives ficam sem resposta renuncia no seu prazo de renovação; desligado = dispara e esquece: todo keepalive enviado conta como renovado',
  'lease.ownCopy':
    'o líder é um primário que guarda os dados ele mesmo: a sua tarefa escreve na sua própria cópia (verificação e escrita em um só passo) em vez de mandar a escrita ao armazenamento compartilhado, e nada barra um líder desatualizado',
  // etcd-leader-change
  'lease.storeMembers':
    'membros do cluster etcd: 1 é um só servidor; 3 ou 5 formam um grupo Raft que elege um líder, confirma cada escrita na maioria e não responde nada sem líder',
  // gossip-leader
  'gossip.gossipIntervalMs':
    'cada nó envia a sua visão do líder a `fanout` pares sorteados com esta frequência (uma rodada de gossip)',
  'gossip.fanout': 'para quantos pares sorteados cada nó envia a sua visão a cada rodada',
  'gossip.suspectTimeoutMs':
    'um nó que vê o contador de heartbeat do líder parado por este tempo suspeita dele e reivindica a liderança da próxima época',
  'gossip.writeIntervalMs':
    'um nó que acredita liderar aceita uma escrita de cliente na sua própria cópia dos dados com esta frequência (um banco de dados primário)',
  'gossip.takesWrites':
    'ligado: o líder é um banco de dados primário que recebe escritas de clientes na sua própria cópia; desligado: service discovery, o líder só é anunciado (dois líderes por uma rodada custam uma consulta repetida, não dados divergentes)',
  // kubernetes
  'kubernetes.leaseDurationS':
    'quanto um standby espera, no próprio relógio, depois de ver o Lease mudar pela última vez, antes de poder tomá-lo',
  'kubernetes.renewDeadlineS':
    'por quanto tempo o líder insiste numa renovação que falha antes de deixar de liderar',
  'kubernetes.retryPeriodS':
    'de quanto em quanto tempo o líder renova, e a base da espera com jitter de um standby entre duas tentativas (× 1 a 2,2)',
  'kubernetes.fencing':
    'o armazenamento usa leaseTransitions como fencing token e recusa um menor (409 STALE TOKEN); desligado = o que o client-go garante sozinho',
  'kubernetes.writeIntervalMs':
    'os controllers do líder escrevem no armazenamento a cada múltiplo deste intervalo no relógio local',
  // zookeeper
  'zookeeper.sessionTimeoutMs':
    'por quanto tempo o ZooKeeper mantém a sessão de um cliente calado (e o znode efêmero dele) antes de expirá-la',
  'zookeeper.tcp':
    'as mensagens da sessão vão por uma conexão TCP: um corte mais curto que o timeout de leitura só as atrasa, e elas chegam em ordem; desligado: são datagramas, e um evento de watch perdido num corte se perde de vez (nenhum cliente real funciona assim: é um controle negativo)',
  'zookeeper.herd':
    'todo candidato observa o znode do líder em vez do antecessor: uma única remoção acorda todos (o efeito manada)',
  'zookeeper.fencing':
    'o armazenamento usa o número de sequência do znode do líder como fencing token e recusa um menor (409 STALE TOKEN)',
  'zookeeper.writeIntervalMs':
    'o líder escreve no armazenamento a cada múltiplo deste intervalo no relógio local',
  // dbjob
  'dbjob.election':
    'desligado: nenhuma eleição, toda instância roda o job na sua hora (N instâncias, N execuções); ligado: só a instância que ocupa a linha de líder o roda',
  'dbjob.casToken':
    'disputa com UPDATE ... SET token=token+1 WHERE token=$current (de duas disputas simultâneas, uma só altera a linha) e protege o UPDATE do job com o token; desligado: UPDATE leader SET node=$me WHERE TRUE (as duas alteram)',
  'dbjob.leaseTtlS':
    'quanto tempo a linha de líder vale sem renovação (expires_at = now() + TTL); 0 = uma flag que nunca expira',
  'dbjob.renewS':
    'o líder renova a sua linha com esta frequência (e renuncia quando nenhuma renovação foi confirmada por TTL − renovação)',
  'dbjob.retryMs':
    'um seguidor lê a linha de líder com esta frequência (e a disputa quando está livre ou expirada)',
  'dbjob.requestTimeoutMs': 'quanto tempo uma instância espera o banco responder uma instrução',
  'dbjob.jobAtMs':
    'quando o job roda pela primeira vez depois do início, no relógio de cada instância (as histórias começam às 2h59min50s: 10 s = 3h)',
  'dbjob.jobEveryMs':
    'o job roda de novo este tempo depois de cada execução (um dia; a história da flag encurta isso para a ausência aparecer)',
  'dbjob.jobAlarmMs': 'o alarme “o job não roda há este tempo” (job-not-running) dispara depois deste limite',
  // sharded
  'sharded.shards':
    'em quantos shards o trabalho se divide, cada um com o seu próprio líder; 1 = um único líder para o cluster inteiro',
  'sharded.ttlS': 'TTL do lease de sessão de cada nó; as chaves dos shards dele vivem enquanto durar o lease',
  'sharded.renewS': 'intervalo de keepalive do lease de sessão de cada nó',
  'sharded.retryMs':
    'de quanto em quanto tempo um nó lê as chaves dos shards e disputa os shards livres (cada nó na sua faixa do período)',
  'sharded.requestTimeoutMs': 'quanto tempo um nó espera a resposta do etcd antes de desistir de um pedido',
  'sharded.driftMarginRatio':
    'fração do TTL de que um nó abre mão antes, para que um relógio até esse tanto mais lento ainda renuncie antes de o store expirar o lease',
  'sharded.fencing':
    'o armazenamento guarda o maior token de cada shard e recusa um menor para aquele shard (409 STALE TOKEN)',
  'sharded.writeIntervalMs':
    'cada nó escreve em cada shard que lidera a cada múltiplo deste intervalo no relógio local',
  'sharded.workMs': 'tempo entre conferir o lease e as escritas saírem',
  // cronjob
  'cronjob.jobAtMs':
    'o primeiro horário agendado depois do início (as histórias começam às 2h59min50s: 10 s = 3h)',
  'cronjob.scheduleEveryS':
    'o intervalo entre dois horários (86 400 s: "0 3 * * *", uma vez por dia); no mínimo um minuto, porque cada Job leva no nome o minuto do seu horário',
  'cronjob.startingDeadlineSeconds':
    'até quanto atraso um horário ainda pode iniciar o seu Job; um horário mais antigo do que isso quando o controller olha é pulado e conta como perdido. 0: não definido (o null do Kubernetes: sem prazo)',
  'cronjob.concurrencyPolicy':
    'o que um horário faz enquanto um Job ainda roda: 0 Allow (inicia outro ao lado, o padrão da API), 1 Forbid (pula este horário), 2 Replace (apaga o Job em andamento e inicia o novo)',
  'cronjob.jobDurationS': 'quanto tempo o pod do job trabalha até terminar com sucesso',
  'cronjob.podStartMs': 'da criação do Job até o pod dele rodar (agendamento, imagem, início do contêiner)',
  'cronjob.requestTimeoutMs':
    'quanto tempo o controller espera a resposta do API server antes de desistir do pedido',
  'cronjob.retryMs':
    'depois de um pedido sem resposta, o controller sincroniza o CronJob de novo após este tempo',
  // skiplocked
  'skiplocked.jobs':
    'linhas da tabela jobs no início, todas pendentes (uma fatura para gerar e mandar por e-mail cada)',
  'skiplocked.workMs':
    'quanto dura um job: metade antes do e-mail (gerar a fatura), metade depois (guardar o PDF), e então o COMMIT',
  'skiplocked.pollMs':
    'um worker que não achou linha pendente (ou perdeu a sessão) tenta de novo depois deste tempo',
  'skiplocked.requestTimeoutMs':
    'quanto tempo um worker espera a resposta do banco (ou do provedor de e-mail) antes de desistir da sessão',
  'skiplocked.forUpdate':
    'pega o job com SELECT … FOR UPDATE SKIP LOCKED (a linha fica travada até o COMMIT); desligado: um SELECT simples que não trava nada, e todo worker pega a mesma linha pendente',
  'skiplocked.outbox':
    'o job grava o e-mail como uma linha do outbox na própria transação e um relay envia as linhas commitadas; desligado: o próprio job chama o provedor de e-mail, antes do COMMIT',
  'skiplocked.keepaliveIdleS':
    'tcp_keepalives_idle: silêncio numa conexão antes de o servidor mandar a primeira sonda de keepalive',
  'skiplocked.keepaliveIntervalS': 'tcp_keepalives_interval: o intervalo entre sondas sem resposta',
  'skiplocked.keepaliveCount':
    'tcp_keepalives_count: sondas sem resposta até o servidor derrubar a conexão e desfazer a transação dela',
  'skiplocked.idleInTxTimeoutS':
    'idle_in_transaction_session_timeout: uma sessão parada dentro de uma transação aberta por este tempo é encerrada (0: desligado)',
  // raft
  'raft.heartbeatIntervalMs':
    'o líder envia APPEND_ENTRIES a cada seguidor com esta frequência (vazio quando não há nada novo: um heartbeat)',
  'raft.electionTimeoutMinMs':
    'menor timeout de eleição sorteado: este tempo sem APPEND_ENTRIES do líder torna um seguidor candidato',
  'raft.electionTimeoutMaxMs': 'maior timeout de eleição sorteado (a diferença evita que candidatos colidam)',
  'raft.clientIntervalMs':
    'o cliente envia um comando novo com esta frequência, depois que o anterior foi respondido (0: sem cliente)',
  'raft.clientRetryMs': 'um comando sem resposta por este tempo é reenviado ao próximo servidor',
  'raft.clients':
    'quantos clientes enviam comandos; um segundo cliente tenta os servidores a partir do último e chama os seus comandos de y1, y2, …',
  'raft.unsafeCommit':
    'ligado (a armadilha): o líder confirma qualquer entrada gravada na maioria, mesmo de um termo anterior; desligado: pela contagem de cópias só se confirma uma entrada do próprio termo (a regra da figura 8)',
  'raft.electionRestriction':
    'ligado: um servidor só vota num candidato cujo log esteja no mínimo tão atualizado quanto o seu; desligado (controle): vota em qualquer um, e um líder pode não ter entradas já confirmadas',
  'raft.oneVotePerTerm':
    'ligado: um servidor dá no máximo um voto por termo; desligado (controle): um seguidor vota em todo candidato do termo, e um termo pode ter dois líderes',
  'raft.preVote':
    'ligado: um servidor cujo timer de eleição dispara pergunta antes com REQUEST_PRE_VOTE se receberia votos no termo seguinte e só aumenta o termo se a maioria disser que sim (só concede quem não ouve um líder há electionTimeoutMinMs, e só a um log no mínimo tão atualizado); desligado: aumenta o termo na hora, e um servidor que ficou isolado derruba o líder quando volta',
  'raft.checkQuorum':
    'ligado: um líder que não teve resposta da maioria dentro de electionTimeoutMinMs deixa a liderança, e um líder isolado na minoria para de aceitar comandos; desligado: continua liderando a sua minoria até saber de um termo mais novo',
  'raft.leaderAppendOnly':
    'ligado: um líder só acrescenta entradas ao seu log; desligado (controle): a cada heartbeat ele apaga as entradas de termos anteriores que ainda não confirmou',
  'raft.consistencyCheck':
    'ligado: o seguidor recusa um APPEND_ENTRIES cuja entrada anterior (índice e termo) ele não tem; desligado (controle): anexa mesmo assim, e os logs divergem',
  'raft.oneChangeAtATime':
    'ligado: o líder só aceita uma mudança de membros depois que a anterior foi confirmada e que ele já confirmou uma entrada do próprio termo; desligado (controle): aceita cada mudança na hora, e duas configurações que diferem em dois servidores podem eleger cada uma o seu líder no mesmo termo',
};

/**
 * Translations of the cross-knob rules' messages (what the knobs panel shows when a change is
 * refused). Keys are `<scope>.<rule id>` like the knob docs; the English message stays in the rule
 * (src/sim: what the CLI prints) and the cited source stays as written.
 */
export const ruleDocsPt: Record<string, string> = {
  'net.latency-range': 'latencyMaxMs precisa ser >= latencyMinMs',
  'net.tail-over-max': 'latencyP99Ms precisa ser 0 (sem cauda) ou >= latencyMaxMs',
  'bully.answer-round-trip': 'answerTimeoutMs precisa passar de 2 x latencyMaxMs (um OK é ida e volta)',
  'bully.coordinator-after-answer':
    'coordinatorTimeoutMs precisa passar de answerTimeoutMs + 2 x latencyMaxMs (o vencedor também espera o seu próprio timeout de resposta)',
  'bully.heartbeat-timeout':
    'heartbeatTimeoutMs precisa passar de heartbeatIntervalMs + latencyMaxMs (senão um coordenador vivo vira suspeito)',
  'heartbeat.timeout-range': 'electionTimeoutMaxMs precisa ser >= electionTimeoutMinMs',
  'heartbeat.timeout-over-heartbeat':
    'electionTimeoutMinMs precisa passar de heartbeatIntervalMs + latencyMaxMs (senão os seguidores derrubam um líder vivo)',
  'heartbeat.quorum-lease':
    'com o quórum ligado, electionTimeoutMinMs precisa passar de 2 x heartbeatIntervalMs + 2 x latencyMaxMs (senão um líder saudável perde o lease)',
  'heartbeat.vote-round-trip': 'voteTimeoutMs precisa passar de 2 x latencyMaxMs (um voto é ida e volta)',
  'heartbeat.vote-before-candidacy':
    'voteTimeoutMs precisa ficar abaixo de electionTimeoutMinMs (os votos são contados antes da próxima candidatura)',
  'lease.renew-under-ttl': 'o intervalo de renovação precisa ser menor que o TTL (renewS < ttlS)',
  'lease.renew-under-trusted-ttl':
    'o intervalo de renovação precisa ser menor que a parte do TTL em que o líder confia (renewS < ttlS × (1 − driftMarginRatio)), senão o líder renuncia entre dois keepalives',
  'lease.store-members-odd': 'o cluster etcd tem 1, 3 ou 5 membros (storeMembers)',
  'patroni.loop-retry-ttl':
    'loop_wait + 2 x retry_timeout precisa ser <= ttl (loopWaitS + 2 x retryTimeoutS <= ttlS)',
  // gossip-leader
  'gossip.suspect-over-rounds':
    'suspectTimeoutMs precisa passar de 2 x gossipIntervalMs + latencyMaxMs (senão um líder vivo vira suspeito entre duas rodadas)',
  // kubernetes
  'kubernetes.lease-duration-over-renew-deadline':
    'leaseDuration precisa ser maior que renewDeadline (leaseDurationS > renewDeadlineS)',
  'kubernetes.renew-deadline-over-jittered-retry':
    'renewDeadline precisa ser maior que retryPeriod × JitterFactor (renewDeadlineS > 1,2 × retryPeriodS)',
  // dbjob
  'dbjob.renew-under-half-ttl':
    'com lease, renewS precisa ficar abaixo da metade de leaseTtlS (o líder renuncia quando nenhuma renovação foi confirmada por TTL − renovação)',
  'dbjob.alarm-over-period':
    'jobAlarmMs precisa passar de jobEveryMs e de jobAtMs (senão o alarme dispara entre duas execuções saudáveis)',
  // sharded
  'sharded.renew-under-trusted-ttl':
    'o intervalo de renovação precisa ser menor que a parte do TTL em que um nó confia (renewS < ttlS × (1 − driftMarginRatio)), senão todo nó abre mão dos seus shards entre dois keepalives',
  // skiplocked
  'skiplocked.idle-timeout-over-work':
    'idle_in_transaction_session_timeout precisa ser 0 (desligado) ou maior que o trabalho de um job (idleInTxTimeoutS × 1000 > workMs): o job fica parado na transação enquanto trabalha, e seria encerrado toda vez',
  // raft
  'raft.timeout-range': 'electionTimeoutMaxMs precisa ser >= electionTimeoutMinMs',
  'raft.timeout-over-heartbeat':
    'electionTimeoutMinMs precisa passar de heartbeatIntervalMs + latencyMaxMs (senão os seguidores derrubam um líder vivo)',
  'raft.retry-over-heartbeat':
    'clientRetryMs precisa passar de heartbeatIntervalMs + 2 x latencyMaxMs (um comando é confirmado uma rodada de APPEND_ENTRIES depois de chegar ao líder)',
};
