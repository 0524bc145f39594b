import type { Adr } from './types.ts';

/**
 * ADR-001 in Portuguese: the same ids, ratings and order as adr001.ts (adr001.i18n.test.ts checks the
 * shape). Terms from the Portuguese source text: lease (“reserva com validade”), fencing token
 * (“token de cerca”), split-brain, pausa de GC, partição de rede.
 */
export const adr001Pt: Adr = {
  id: 'ADR-001',
  title: 'Eleição de líder: um coordenador sem split-brain',
  status: 'Aceito',
  context: {
    id: 'context',
    paragraphs: [
      'Um cluster de N nós idênticos precisa de exatamente um coordenador: o primário que recebe as escritas, a instância que roda o job noturno, o controlador que distribui o trabalho. Quando ele falha, outro nó precisa assumir rápido, sem split-brain (dois nós agindo como líder ao mesmo tempo) e sem perder escritas.',
      'A rede não é confiável: um nó não consegue distinguir “o líder caiu” de “não consigo alcançar o líder”, e, vista de fora, uma pausa longa de GC é idêntica a uma queda. Toda abordagem escolhe entre o risco de uma janela sem líder (escritas recusadas) e o de uma janela com dois (escritas divergem).',
    ],
    drivers: [
      'No máximo um líder cujas escritas têm efeito, mesmo com partições de rede e pausas.',
      'Failover sem intervenção humana, em segundos ou dezenas de segundos.',
      'Custo em mensagens que continua razoável à medida que o cluster cresce.',
      'Componentes comprovados: nada de consenso feito em casa.',
    ],
  },
  criteria: [
    { id: 'safety', label: 'Segurança contra split-brain', short: 'Segur.' },
    { id: 'failover', label: 'Tempo de failover', short: 'Failover' },
    { id: 'messages', label: 'Mensagens por eleição', short: 'Msgs' },
    { id: 'dependencies', label: 'Dependências', short: 'Deps' },
    { id: 'ops', label: 'Custo operacional', short: 'Ops' },
  ],
  matrix: [
    {
      id: 'matrix.bully',
      name: 'Bully',
      how: 'Vence o maior id vivo; ELECTION vai para todo id maior.',
      source: 'Garcia-Molina 1982; Tanenbaum & van Steen',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Nenhuma. Cada lado de uma partição elege o seu maior id; um nó maior que volta assume na hora.',
        },
        failover: {
          rating: 'fair',
          text: 'Timeout de detecção e depois uma rodada ELECTION/OK por nível, cada uma esperando um timeout. Roda de novo sempre que um nó maior volta.',
        },
        messages: {
          rating: 'poor',
          text: 'O(n²) no pior caso: o menor id percebe e cada nó acima faz a sua própria rodada. O(n) no melhor.',
        },
        dependencies: {
          rating: 'good',
          text: 'Nada além dos pares: malha completa, ids conhecidos, timeouts que pressupõem uma rede síncrona.',
        },
        ops: {
          rating: 'poor',
          text: 'Barato de construir, caro de operar: tempestades de eleição numa rede instável; inaceitável com 100 nós.',
        },
      },
    },
    {
      id: 'matrix.ring',
      name: 'Anel',
      how: 'Uma mensagem ELECTION dá a volta num anel lógico juntando ids; vence o maior.',
      source: 'Chang & Roberts 1979; Tanenbaum & van Steen',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Nenhuma. O anel é refeito contornando os nós inalcançáveis, então cada fragmento de uma partição elege o seu próprio líder.',
        },
        failover: {
          rating: 'poor',
          text: 'Timeout de detecção mais duas voltas no anel, um salto por vez: cresce linearmente com n.',
        },
        messages: {
          rating: 'fair',
          text: '2n quando um nó começa (volta da eleição, depois volta do coordenador); O(n²) no pior caso, quando todos começam juntos.',
        },
        dependencies: {
          rating: 'good',
          text: 'Nada além dos pares: um anel lógico e o desvio de um sucessor que caiu.',
        },
        ops: {
          rating: 'fair',
          text: 'Manutenção do anel a cada mudança de membros; lento em clusters grandes. Hoje aparece sobretudo nos livros-texto.',
        },
      },
    },
    {
      id: 'matrix.heartbeat',
      name: 'Só heartbeat',
      how: 'Sem heartbeats, os seguidores estouram o timeout e elegem entre quem conseguem ver; sem quórum.',
      source: 'Kleppmann, DDIA cap. 8 ("The Truth Is Defined by the Majority")',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Nenhuma. Um líder morto e um inalcançável parecem iguais: os dois lados de uma partição elegem e aceitam escritas (AMBOS ESCREVEM).',
        },
        failover: {
          rating: 'good',
          text: 'Rápido: alguns heartbeats perdidos. Um timeout curto demais reelege a cada pico de jitter ou pausa de GC.',
        },
        messages: {
          rating: 'fair',
          text: 'Poucas por eleição, mas tráfego constante: n − 1 heartbeats a cada intervalo (n² se todos falam com todos).',
        },
        dependencies: { rating: 'good', text: 'Nenhuma.' },
        ops: {
          rating: 'poor',
          text: 'Barato até a primeira partição; aí o incidente são dados divergentes para reconciliar à mão.',
        },
      },
    },
    {
      id: 'matrix.gossip',
      name: 'Gossip',
      how: 'A lista de membros e o nome do líder se espalham de par em par, rodada a rodada.',
      source: 'SWIM (Das et al. 2002)',
      cells: {
        safety: {
          rating: 'poor',
          text: 'Nenhuma quando só um nó pode escrever: a liderança só converge com o tempo, e entre as rodadas dois nós podem acreditar que lideram.',
        },
        failover: {
          rating: 'fair',
          text: 'Timeout de suspeita mais O(log n) rodadas de gossip para convergir.',
        },
        messages: {
          rating: 'good',
          text: 'Poucas mensagens por nó por rodada; O(n log n) para espalhar uma mudança pelo cluster inteiro.',
        },
        dependencies: { rating: 'good', text: 'Nenhuma: um protocolo de membership entre os pares.' },
        ops: {
          rating: 'fair',
          text: 'Escala para frotas grandes. Ótimo para service discovery, um desastre para o primário de um banco de dados.',
        },
      },
    },
    {
      id: 'matrix.raft',
      name: 'Quórum Raft',
      how: 'Um candidato precisa dos votos da maioria do cluster inteiro num mesmo termo.',
      source: 'Ongaro & Ousterhout 2014',
      cells: {
        safety: {
          rating: 'good',
          text: 'Seguro. O quórum é ⌊n/2⌋ + 1 e cada nó vota uma vez por termo: um líder por termo, e o lado minoritário não elege ninguém.',
        },
        failover: {
          rating: 'good',
          text: 'Abaixo de um segundo: um election timeout aleatório (150–300 ms no artigo) mais uma rodada de votos; se houver empate, há nova rodada.',
        },
        messages: {
          rating: 'good',
          text: 'O(n): n − 1 REQUEST VOTE e até n − 1 VOTE por candidato; mais depois de um empate.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Nenhum serviço externo, mas um cluster ímpar (3, 5, 7: quatro nós divididos 2/2 não elegem ninguém) e termo e voto persistidos.',
        },
        ops: {
          rating: 'poor',
          text: 'Alto se você mesmo construir: consenso para implementar, testar e operar. Embutido no etcd, CockroachDB, KRaft, ClickHouse Keeper.',
        },
      },
    },
    {
      id: 'matrix.lease',
      name: 'Lease (etcd)',
      how: 'Compare-and-swap numa chave presa a um lease com TTL; quem detém o lease o mantém renovado.',
      source: 'API v3 do etcd; client-go do Kubernetes; Patroni',
      cells: {
        safety: {
          rating: 'fair',
          text: 'O store entrega a chave a um dono por vez, mas um dono antigo pausado ou isolado além do TTL continua agindo: dois líderes no recurso.',
        },
        failover: {
          rating: 'fair',
          text: 'Limitado pelo TTL mais uma nova tentativa: a chave vive até o lease expirar (client-go: lease de 15 s, retry de 2 s; Patroni: ttl 30 s).',
        },
        messages: {
          rating: 'good',
          text: 'Uma txn CAS por candidato por tentativa, depois um KEEPALIVE do dono a cada poucos segundos.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Um store de consenso altamente disponível: etcd, ZooKeeper ou Consul com 3 ou 5 membros.',
        },
        ops: {
          rating: 'fair',
          text: 'Operar e monitorar o store; calibrar o TTL (failover rápido) contra reeleições espúrias em pequenas falhas.',
        },
      },
    },
    {
      id: 'matrix.lease-fencing',
      name: 'Lease + fencing token',
      how: 'Como o lease, mas cada liderança recebe um token maior, que o armazenamento confere.',
      source: 'Kleppmann 2016',
      cells: {
        safety: {
          rating: 'good',
          text: 'Seguro no recurso: o armazenamento guarda o maior token e rejeita os mais antigos (409 STALE TOKEN), mesmo de um líder que ainda acha que lidera.',
        },
        failover: { rating: 'fair', text: 'Como o lease: limitado pelo TTL mais uma nova tentativa.' },
        messages: {
          rating: 'good',
          text: 'Como o lease; o token vai junto de cada escrita, sem ida e volta extra.',
        },
        dependencies: {
          rating: 'fair',
          text: 'O store altamente disponível, e todo recurso protegido precisa conferir tokens (uma escrita condicional sobre o token).',
        },
        ops: {
          rating: 'fair',
          text: 'Moderado: o store mais uma verificação de token em cada recurso. Efeitos colaterais que não conseguem verificar um token (e-mail) precisam ser idempotentes.',
        },
      },
    },
    // kubernetes-lease
    {
      id: 'matrix.kubernetes-lease',
      name: 'Lease do Kubernetes (client-go)',
      how: 'Um objeto Lease no API server, tomado e renovado por um UPDATE que precisa levar o último resourceVersion lido.',
      source: 'client-go tools/leaderelection/leaderelection.go; apiserver storage/etcd3/store.go',
      cells: {
        safety: {
          rating: 'fair',
          text: 'O compare-and-swap no resourceVersion dá ao Lease um dono por vez (409 Conflict), mas um dono congelado continua agindo: o próprio client-go diz que não faz fencing. Confira leaseTransitions no recurso.',
        },
        failover: {
          rating: 'fair',
          text: 'O leaseDuration contado de quando os standbys viram o Lease mudar, mais até duas consultas com jitter: de 15 a uns 24 s com os padrões (15/10/2 s).',
        },
        messages: {
          rating: 'fair',
          text: 'Polling, sem watch: cada standby faz GET a cada 2 a 4,4 s e o líder faz UPDATE a cada RetryPeriod, ou seja, O(n) requisições por RetryPeriod.',
        },
        dependencies: {
          rating: 'good',
          text: 'Só o API server (e o etcd dele), que uma aplicação no Kubernetes já tem.',
        },
        ops: {
          rating: 'good',
          text: 'Uma chamada de biblioteca e três durações; o client-go recusa combinações inválidas. Conflitos são normais e baratos: quem perde só consulta de novo.',
        },
      },
    },
    // zookeeper
    {
      id: 'matrix.zookeeper',
      name: 'Receita do ZooKeeper',
      how: 'Cada candidato cria um znode efêmero e sequencial; o menor lidera e cada um dos outros observa o znode logo abaixo do seu.',
      source:
        'ZooKeeper Recipes and Solutions, Leader Election; ZooKeeper Programmer’s Guide (sessões, watches)',
      cells: {
        safety: {
          rating: 'fair',
          text: 'Um único menor znode por vez, mas um líder congelado além do session timeout acorda achando que ainda lidera: a receita avisa que o menor znode não garante que o criador saiba. Faça fencing com o número de sequência do znode.',
        },
        failover: {
          rating: 'fair',
          text: 'O session timeout (4 a 40 s) depois do último ping do líder, e então um evento de watch e um getChildren.',
        },
        messages: {
          rating: 'good',
          text: 'Um evento de watch por mudança: só o sucessor fica sabendo. Observar o líder (a manada) acorda todos os n − 1, e todos chamam getChildren. Mais um ping por cliente a cada terço do timeout.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Um ensemble do ZooKeeper (3 ou 5 servidores) para operar, a menos que já exista um (Kafka antes do KRaft, HBase, Hadoop).',
        },
        ops: {
          rating: 'fair',
          text: 'O LeaderLatch e o LeaderSelector do Curator implementam a receita; o difícil é tratar a sessão: conexão perdida tem de valer como liderança perdida.',
        },
      },
    },
    // sharded-leadership
    {
      id: 'matrix.sharded-leadership',
      name: 'Liderança por shard',
      how: 'Um líder por shard em vez de um para o cluster inteiro: cada shard tem sua própria chave de lease e seu próprio fencing token, e o rendezvous hashing distribui os shards entre os nós.',
      source:
        'Documentação do Kafka, “Distribution” (um líder por partição); MongoDB Manual, “Shards” (um replica set por shard); Thaler e Ravishankar 1998 (rendezvous hashing)',
      cells: {
        safety: {
          rating: 'good',
          text: 'Tão segura quanto uma eleição por lease, repetida em cada shard: um único dono por chave de shard, e o armazenamento guarda o maior token de cada shard, então o token de um shard nunca é comparado com o de outro.',
        },
        failover: {
          rating: 'good',
          text: 'Uma queda para só os shards do nó morto, cerca de 1/n deles, durante um TTL e uma ou duas consultas; os outros shards nem percebem. Com um único líder para o cluster, tudo para pelo mesmo tempo.',
        },
        messages: {
          rating: 'fair',
          text: 'Um lease de sessão e uma leitura por consulta em cada nó, mais uma campanha por shard livre; as escritas se espalham por todos os nós em vez de passar por um só líder.',
        },
        dependencies: {
          rating: 'fair',
          text: 'O mesmo armazenamento de coordenação de uma eleição por lease (etcd, ZooKeeper), mais um número fixo de shards e uma regra de atribuição que todos os nós calculam do mesmo jeito.',
        },
        ops: {
          rating: 'fair',
          text: 'O rendezvous hashing move só os shards do nó morto e os espalha entre os sobreviventes. O trabalho precisa se dividir em shards que dispensem transações entre shards. Um nó que reinicia só recupera os seus shards com um rebalanceamento (a eleição do líder preferido do Kafka).',
        },
      },
    },
    // external-scheduler
    {
      id: 'matrix.external-scheduler',
      name: 'Agendador externo (CronJob)',
      how: 'Sem eleição: um agendador fora da aplicação (um CronJob do Kubernetes) inicia uma execução por horário; as instâncias não rodam job nenhum.',
      source:
        'Documentação do Kubernetes, CronJob (concurrency policy, startingDeadlineSeconds); kubernetes pkg/controller/cronjob/cronjob_controllerv2.go e utils.go',
      cells: {
        safety: {
          rating: 'good',
          text: 'Um Job por horário: o nome dele é o minuto do horário, então um segundo Create recebe 409 AlreadyExists, e o Forbid pula um horário enquanto há uma execução ativa. O próprio código admite que um cache desatualizado ainda pode sobrepor duas execuções com Forbid.',
        },
        failover: {
          rating: 'fair',
          text: 'Não há o que assumir entre as instâncias. Um horário que o agendador perde começa quando ele volta, atrasado, se ainda estiver dentro do startingDeadlineSeconds; depois disso, a execução é pulada sem evento.',
        },
        messages: {
          rating: 'good',
          text: 'Nenhuma entre as instâncias. Algumas chamadas à API por horário: ler o CronJob, criar o Job, atualizar o status.',
        },
        dependencies: {
          rating: 'fair',
          text: 'Um agendador que seja ele mesmo altamente disponível: o control plane do Kubernetes (o kube-controller-manager elege o próprio líder com um Lease). Um cron comum num único host é um ponto único de falha.',
        },
        ops: {
          rating: 'good',
          text: 'Nenhum código de eleição na aplicação. Monitore o job, não o agendador: status.lastSuccessfulTime, e um startingDeadlineSeconds com folga para uma queda.',
        },
      },
    },
    // skip-locked
    {
      id: 'matrix.skip-locked',
      name: 'SKIP LOCKED (sem líder)',
      how: 'Nenhuma eleição: cada worker pega uma linha de job com SELECT … FOR UPDATE SKIP LOCKED e a executa nessa transação; o lock da linha dura até o COMMIT ou o rollback.',
      source:
        'PostgreSQL docs: SELECT, The Locking Clause (SKIP LOCKED); 13.3.2 Row-Level Locks; Frontend/Backend Protocol, Termination; microservices.io, Transactional outbox',
      cells: {
        safety: {
          rating: 'good',
          text: 'Um job é commitado uma vez: a linha dele fica travada por uma única transação, e a transação de um worker que caiu é desfeita, nunca commitada. Um efeito colateral fora do banco (um e-mail) ainda pode acontecer duas vezes: coloque-o numa linha de outbox da mesma transação, ou mande uma chave de idempotência.',
        },
        failover: {
          rating: 'fair',
          text: 'Não há quem eleger: os outros workers seguem na hora. O job de um worker morto espera até o servidor derrubar a conexão: TCP keepalive (duas horas por padrão no Linux) ou idle_in_transaction_session_timeout, então configure um dos dois.',
        },
        messages: {
          rating: 'good',
          text: 'Um SELECT e um COMMIT por job, mais as consultas enquanto a fila está vazia; nenhum heartbeat entre os workers.',
        },
        dependencies: {
          rating: 'good',
          text: 'O PostgreSQL que a aplicação já tem (9.5 ou mais novo); nenhum serviço de coordenação.',
        },
        ops: {
          rating: 'good',
          text: 'Para escalar, basta subir mais workers; graphile-worker, Oban, Que e solid_queue são construídos sobre isso. Cuidado com transações longas: o job segura a conexão enquanto roda.',
        },
      },
    },
  ],
  decision: {
    id: 'decision',
    summary:
      'Eleger o coordenador com um lease (reserva com validade) no etcd, obtido por compare-and-swap, e dar a cada liderança um fencing token (token de cerca) que cada recurso protegido confere.',
    reasons: [
      'O CAS roda sobre o próprio quórum Raft do etcd: dois nós nunca podem ter a chave de líder ao mesmo tempo.',
      'O lease libera o cargo sozinho quando o líder morre: nada de flag “sou o líder” segurada por um cadáver.',
      'O fencing token, incrementado na mesma txn que pega a chave, barra um líder que ficou pausado ou isolado por mais que o TTL: suas escritas são rejeitadas onde chegam.',
      'O etcd já resolve isso, com as garantias testadas: não escrevemos o nosso próprio Raft.',
    ],
    rejected:
      'Bully, Anel, só heartbeat e gossip elegem dois líderes numa partição. Raft dentro do nosso serviço é seguro, mas significa construir e operar consenso por conta própria; em vez disso, usamos o Raft do etcd. Um lease sem fencing deixa aberto o buraco da pausa de GC.',
  },
  whenNot: {
    id: 'when-not',
    intro:
      'A eleição de líder compra um coordenador único ao preço de uma janela de failover, de um store para operar e de fencing em cada recurso. Muitas vezes o trabalho nem precisa de um coordenador único.',
    items: [
      {
        id: 'when-not.sharded-leadership',
        title: 'Liderança por shard',
        text: 'Divida o trabalho em shards, cada um com o seu líder (os líderes de partição do Kafka, os primários de shard do MongoDB): um nó que cai para só os shards dele, os outros continuam escrevendo.',
      },
      {
        id: 'when-not.optimistic-concurrency',
        title: 'Concorrência otimista',
        text: 'Deixe qualquer instância tentar e condicione a escrita a uma coluna de versão (UPDATE … WHERE version = $lida): de duas escritas simultâneas, uma altera a linha e a outra recebe um conflito e tenta de novo. O Kubernetes faz isso com todo objeto, via resourceVersion e 409 Conflict.',
      },
      {
        id: 'when-not.skip-locked',
        title: 'SELECT … FOR UPDATE SKIP LOCKED',
        text: 'Uma tabela de jobs como fila: cada worker trava a próxima linha livre na sua própria transação e pula as travadas. Cada job é confirmado uma vez e o trabalho corre em paralelo, sem líder; um efeito colateral antes do COMMIT ainda pede um outbox ou uma chave de idempotência.',
      },
      {
        id: 'when-not.stateless',
        title: 'Instâncias sem estado',
        text: 'Se qualquer requisição pode ir para qualquer instância e o estado fica no banco, não há quem eleger: rode N cópias atrás de um balanceador de carga. O laboratório não tem história para este caso: sem nada a coordenar, não há nada dando errado para mostrar.',
      },
      {
        id: 'when-not.external-scheduler',
        title: 'Um agendador externo',
        text: 'Tire o job periódico da aplicação: um CronJob do Kubernetes (ou um agendador da nuvem) inicia uma execução por horário, e as instâncias não fazem nada de especial. Confira se o job rodou, e dê ao startingDeadlineSeconds folga para uma queda.',
      },
      {
        id: 'when-not.crdts',
        title: 'CRDTs',
        text: 'Tipos de dados cujas atualizações concorrentes se fundem sozinhas (contadores, conjuntos, registros com regra de fusão): toda réplica aceita escritas e todas convergem, sem coordenador e sem atualização perdida. O laboratório não tem história sobre CRDTs: ele simula eleições e as suas falhas, não tipos de dados replicados.',
      },
    ],
  },
  consequences: [
    {
      id: 'consequence.failover-ttl',
      title: 'O failover é limitado pelo TTL',
      text: 'Entre a queda do líder e a expiração do seu lease ninguém lidera (tipicamente 15–30 s). Um TTL menor faz o failover mais rápido, mas reelege a cada oscilação de rede ou pausa de GC; renove com folga dentro do TTL (Patroni: loop_wait + 2 × retry_timeout ≤ ttl).',
    },
    {
      id: 'consequence.etcd-ha',
      title: 'O etcd precisa ser altamente disponível',
      text: 'Se o store cair ou perder o quórum, ninguém pode liderar e as escritas param: melhor que split-brain, mas rode o etcd com 3 ou 5 membros. Tamanhos ímpares, porque um 4º membro sobe o quórum para 3 sem tolerar uma falha a mais.',
    },
    {
      id: 'consequence.heartbeat-traffic',
      title: 'O tráfego no store cresce com os candidatos',
      text: 'O dono renova o lease a cada poucos segundos e cada candidato consulta ou observa a chave. Em frotas grandes, particione as chaves de liderança: um líder por shard.',
    },
    {
      id: 'consequence.fencing-resource',
      title: 'Todo recurso protegido precisa conferir tokens',
      text: 'O armazenamento lembra o maior token que aceitou e rejeita os menores com 409 STALE TOKEN. Um efeito colateral que não consegue conferir um token (um e-mail, uma chamada de pagamento) continua exposto: torne-o idempotente e reconfira o lease antes de agir.',
    },
  ],
  sources: [
    'H. Garcia-Molina, “Elections in a Distributed Computing System”, IEEE Trans. Computers, 1982.',
    'E. Chang, R. Roberts, “An improved algorithm for decentralized extrema-finding in circular configurations of processes”, CACM, 1979.',
    'D. Ongaro, J. Ousterhout, “In Search of an Understandable Consensus Algorithm” (Raft), 2014.',
    'API v3 do etcd e concurrency.Election; leaderelection do client-go do Kubernetes; documentação do Patroni.',
    'M. Kleppmann, “How to do distributed locking”, 2016.',
  ],
};
